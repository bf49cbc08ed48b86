import { sql, type Kysely } from 'kysely';

/**
 * Dashboard aggregates (part 1 §2, §3, §4, §9; issue 16): small documents that count cases and open tickets, kept
 * exact by triggers on `cases` and `tickets`, so they change in the same transaction as the rows they count and
 * with the same revision. A trigger is the one choke point every writer passes (services, the engine, the seed,
 * bulk loads): none of them can forget it. The triggers run once per statement over its transition tables
 * (set-based, so a bulk load of 100,000 cases is a few grouped statements, not several per row); they take the
 * old rows' contributions away and add the new rows', so any change (a new case, a status, a state, a tombstone, a ticket claimed, moved or resolved) is right
 * by construction. The document shapes are described in src/domain/dashboard/aggregateShapes.ts, which also holds
 * the same contribution rules in TypeScript (the property test recomputes the aggregates from raw rows with it).
 *
 * - case_flow_aggregates (kind caseFlow): per case type and UTC month, `created` and `closed` count cases per UTC
 *   day of the month; one more row per month with case_type_id '' counts every type together per UTC hour (index
 *   (day - 1) * 24 + hour), for the 24-hour charts and local-time days. Hours per type for a year would be most of
 *   the replicated size (dense arrays: 8 types came to 340 KiB), days per type are 20 times smaller.
 *   `resolution_minutes` holds per UTC day the summed minutes from creation to closing of the cases closed that day.
 *   A case is closed while its status is COMPLETED, at `closing` (or its last update when `closing` is empty).
 * - case_state_aggregates (kind caseStateCount): live cases per case type × state × status.
 * - ticket_light_aggregates (kind ticketLight): open tickets per team × status (member_id null) and per team ×
 *   assignee (member_id set). The light of a ticket changes with time (part 2 §4: the share of its SLA window
 *   elapsed, against its team's thresholds), so what is stored is the inputs, not the colour: `windows` maps
 *   "<created minute>+<SLA minutes>" (epoch minutes, UTC) to the number of open tickets with that window, and the
 *   replica computes green / yellow / red at any moment with the team's current thresholds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table case_flow_aggregates (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_type_id text not null,
      month text not null,
      created integer[] not null,
      closed integer[] not null,
      resolution_minutes integer[] not null,
      rev bigint not null,
      deleted boolean not null default false,
      updated_at timestamptz not null default now()
    );
    create index case_flow_aggregates_workspace_rev_id on case_flow_aggregates (workspace_id, rev, id collate "C");

    create table case_state_aggregates (
      id text primary key,
      workspace_id text not null references workspaces(id),
      case_type_id text not null,
      state_id text,
      status text not null,
      count integer not null default 0,
      rev bigint not null,
      deleted boolean not null default false,
      updated_at timestamptz not null default now()
    );
    create index case_state_aggregates_workspace_rev_id on case_state_aggregates (workspace_id, rev, id collate "C");

    create table ticket_light_aggregates (
      id text primary key,
      workspace_id text not null references workspaces(id),
      team_id text not null,
      member_id text,
      status text not null,
      open integer not null default 0,
      windows jsonb not null default '{}',
      rev bigint not null,
      deleted boolean not null default false,
      updated_at timestamptz not null default now()
    );
    create index ticket_light_aggregates_workspace_rev_id on ticket_light_aggregates (workspace_id, rev, id collate "C");

    -- Takes the contributions of p_old away and adds those of p_new, set-based: one statement per table whatever
    -- the number of rows, so a bulk load costs a few grouped statements, not several per row.
    create function case_aggregates_apply_rows(p_old cases[], p_new cases[]) returns void language plpgsql as $$
    begin
      with rows as (
        select r.*, -1 as sign from unnest(p_old) r where not r.deleted
        union all select r.*, 1 from unnest(p_new) r where not r.deleted
      ), revs as (
        select x.workspace_id, coalesce(max(x.rev) filter (where x.sign = 1), max(w.rev)) as rev
        from rows x left join workspace_revisions w on w.workspace_id = x.workspace_id group by x.workspace_id
      ), events as (
        select r.workspace_id, t.type, e.kind, e.at at time zone 'UTC' as utc, r.sign, e.minutes
        from rows r
        cross join lateral (values (r.case_type_id), ('')) t(type)
        cross join lateral (
          select r.created_at as at, 'created' as kind, 0 as minutes
          union all
          select coalesce(r.closing, r.updated_at), 'closed', greatest(0, floor(extract(epoch from (coalesce(r.closing, r.updated_at) - r.created_at)) / 60))::integer
          where r.status = 'COMPLETED'
        ) e
      ), cells as (
        select 'cf:' || type || ':' || to_char(utc, 'YYYY-MM') as id, workspace_id, type, to_char(utc, 'YYYY-MM') as month,
               extract(day from (date_trunc('month', utc) + interval '1 month - 1 day'))::integer as days,
               extract(day from utc)::integer as day,
               case when type = '' then (extract(day from utc)::integer - 1) * 24 + extract(hour from utc)::integer + 1 else extract(day from utc)::integer end as slot,
               kind, sign, minutes
        from events
      ), slots as (
        select id, jsonb_object_agg(kind || slot, n) as j from (select id, kind, slot, sum(sign) as n from cells group by 1, 2, 3) g group by id
      ), mins as (
        select id, jsonb_object_agg(day::text, m) as j from (select id, day, sum(sign * minutes) as m from cells where kind = 'closed' group by 1, 2) g group by id
      ), docs as (
        select id, min(workspace_id) as workspace_id, min(type) as type, min(month) as month, min(days) as days from cells group by id
      )
      insert into case_flow_aggregates as a (id, workspace_id, case_type_id, month, created, closed, resolution_minutes, rev)
      select d.id, d.workspace_id, d.type, d.month,
             array(select coalesce((s.j ->> ('created' || i))::integer, 0) from generate_series(1, case when d.type = '' then d.days * 24 else d.days end) i order by i),
             array(select coalesce((s.j ->> ('closed' || i))::integer, 0) from generate_series(1, case when d.type = '' then d.days * 24 else d.days end) i order by i),
             array(select coalesce((m.j ->> i::text)::integer, 0) from generate_series(1, d.days) i order by i),
             v.rev
      from docs d join slots s on s.id = d.id left join mins m on m.id = d.id join revs v on v.workspace_id = d.workspace_id
      on conflict (id) do update set
        created = array(select x + y from unnest(a.created, excluded.created) with ordinality u(x, y, i) order by i),
        closed = array(select x + y from unnest(a.closed, excluded.closed) with ordinality u(x, y, i) order by i),
        resolution_minutes = array(select x + y from unnest(a.resolution_minutes, excluded.resolution_minutes) with ordinality u(x, y, i) order by i),
        rev = greatest(a.rev, excluded.rev), updated_at = now();

      with rows as (
        select r.*, -1 as sign from unnest(p_old) r where not r.deleted
        union all select r.*, 1 from unnest(p_new) r where not r.deleted
      ), revs as (
        select x.workspace_id, coalesce(max(x.rev) filter (where x.sign = 1), max(w.rev)) as rev
        from rows x left join workspace_revisions w on w.workspace_id = x.workspace_id group by x.workspace_id
      )
      insert into case_state_aggregates as a (id, workspace_id, case_type_id, state_id, status, count, rev)
      select 'cs:' || r.case_type_id || ':' || coalesce(r.state_id, '') || ':' || r.status, r.workspace_id, r.case_type_id, r.state_id, r.status, sum(r.sign), min(v.rev)
      from rows r join revs v on v.workspace_id = r.workspace_id
      group by r.workspace_id, r.case_type_id, r.state_id, r.status
      on conflict (id) do update set count = a.count + excluded.count, rev = greatest(a.rev, excluded.rev), updated_at = now();
    end $$;

    create function cases_aggregate_insert() returns trigger language plpgsql as $$
    begin
      perform case_aggregates_apply_rows('{}'::cases[], array(select row(n.*)::cases from new_rows n));
      return null;
    end $$;
    create function cases_aggregate_update() returns trigger language plpgsql as $$
    begin
      perform case_aggregates_apply_rows(
        array(select row(o.*)::cases from old_rows o join new_rows n on n.id = o.id where o.deleted is distinct from n.deleted or o.status is distinct from n.status or o.state_id is distinct from n.state_id or o.case_type_id is distinct from n.case_type_id or o.created_at is distinct from n.created_at or o.workspace_id is distinct from n.workspace_id or ((o.status = 'COMPLETED' or n.status = 'COMPLETED') and coalesce(o.closing, o.updated_at) is distinct from coalesce(n.closing, n.updated_at))),
        array(select row(n.*)::cases from old_rows o join new_rows n on n.id = o.id where o.deleted is distinct from n.deleted or o.status is distinct from n.status or o.state_id is distinct from n.state_id or o.case_type_id is distinct from n.case_type_id or o.created_at is distinct from n.created_at or o.workspace_id is distinct from n.workspace_id or ((o.status = 'COMPLETED' or n.status = 'COMPLETED') and coalesce(o.closing, o.updated_at) is distinct from coalesce(n.closing, n.updated_at))));
      return null;
    end $$;
    create function cases_aggregate_delete() returns trigger language plpgsql as $$
    begin
      perform case_aggregates_apply_rows(array(select row(o.*)::cases from old_rows o), '{}'::cases[]);
      return null;
    end $$;
    create trigger cases_aggregates_insert after insert on cases referencing new table as new_rows for each statement execute function cases_aggregate_insert();
    create trigger cases_aggregates_update after update on cases referencing old table as old_rows new table as new_rows for each statement execute function cases_aggregate_update();
    create trigger cases_aggregates_delete after delete on cases referencing old table as old_rows for each statement execute function cases_aggregate_delete();

    create function ticket_aggregates_apply_rows(p_old tickets[], p_new tickets[]) returns void language plpgsql as $$
    begin
      with rows as (
        select r.*, -1 as sign from unnest(p_old) r where not r.deleted and r.state = 'open'
        union all select r.*, 1 from unnest(p_new) r where not r.deleted and r.state = 'open'
      ), revs as (
        select x.workspace_id, coalesce(max(x.rev) filter (where x.sign = 1), max(w.rev)) as rev
        from rows x left join workspace_revisions w on w.workspace_id = x.workspace_id group by x.workspace_id
      ), keyed as (
        select r.*, floor(extract(epoch from r.created_at) / 60)::bigint || '+' ||
               (floor(extract(epoch from r.due_at) / 60)::bigint - floor(extract(epoch from r.created_at) / 60)::bigint) as key
        from rows r
      ), contributions as (
        select 'tl:' || team_id || ':' || status as id, workspace_id, team_id, null::text as member_id, status, key, sign from keyed
        union all
        select 'th:' || team_id || ':' || assignee_member_id, workspace_id, team_id, assignee_member_id, status, key, sign
        from keyed where status = 'assigned' and assignee_member_id is not null
      ), windows as (
        select id, sum(n) as open, coalesce(jsonb_object_agg(key, n) filter (where n <> 0), '{}') as j
        from (select id, key, sum(sign) as n from contributions group by 1, 2) g group by id
      ), docs as (
        select id, min(workspace_id) as workspace_id, min(team_id) as team_id, min(member_id) as member_id, min(status) as status from contributions group by id
      )
      insert into ticket_light_aggregates as a (id, workspace_id, team_id, member_id, status, open, windows, rev)
      select d.id, d.workspace_id, d.team_id, d.member_id, d.status, w.open, w.j, v.rev
      from docs d join windows w on w.id = d.id join revs v on v.workspace_id = d.workspace_id
      on conflict (id) do update set
        open = a.open + excluded.open,
        windows = (
          select coalesce(jsonb_object_agg(k, v) filter (where v <> 0), '{}')
          from (select k, sum(v) as v from (
            select key as k, value::integer as v from jsonb_each_text(a.windows)
            union all select key, value::integer from jsonb_each_text(excluded.windows)) x group by k) y),
        rev = greatest(a.rev, excluded.rev), updated_at = now();
    end $$;

    create function tickets_aggregate_insert() returns trigger language plpgsql as $$
    begin
      perform ticket_aggregates_apply_rows('{}'::tickets[], array(select row(n.*)::tickets from new_rows n));
      return null;
    end $$;
    create function tickets_aggregate_update() returns trigger language plpgsql as $$
    begin
      perform ticket_aggregates_apply_rows(
        array(select row(o.*)::tickets from old_rows o join new_rows n on n.id = o.id where o.deleted is distinct from n.deleted or o.state is distinct from n.state or o.status is distinct from n.status or o.team_id is distinct from n.team_id or o.assignee_member_id is distinct from n.assignee_member_id or o.created_at is distinct from n.created_at or o.due_at is distinct from n.due_at or o.workspace_id is distinct from n.workspace_id),
        array(select row(n.*)::tickets from old_rows o join new_rows n on n.id = o.id where o.deleted is distinct from n.deleted or o.state is distinct from n.state or o.status is distinct from n.status or o.team_id is distinct from n.team_id or o.assignee_member_id is distinct from n.assignee_member_id or o.created_at is distinct from n.created_at or o.due_at is distinct from n.due_at or o.workspace_id is distinct from n.workspace_id));
      return null;
    end $$;
    create function tickets_aggregate_delete() returns trigger language plpgsql as $$
    begin
      perform ticket_aggregates_apply_rows(array(select row(o.*)::tickets from old_rows o), '{}'::tickets[]);
      return null;
    end $$;
    create trigger tickets_aggregates_insert after insert on tickets referencing new table as new_rows for each statement execute function tickets_aggregate_insert();
    create trigger tickets_aggregates_update after update on tickets referencing old table as old_rows new table as new_rows for each statement execute function tickets_aggregate_update();
    create trigger tickets_aggregates_delete after delete on tickets referencing old table as old_rows for each statement execute function tickets_aggregate_delete();

    create trigger case_flow_aggregates_sync_notify after insert or update on case_flow_aggregates
      for each row execute function notify_sync_change();
    create trigger case_state_aggregates_sync_notify after insert or update on case_state_aggregates
      for each row execute function notify_sync_change();
    create trigger ticket_light_aggregates_sync_notify after insert or update on ticket_light_aggregates
      for each row execute function notify_sync_change_keyed('team_id');
  `.execute(db);
  await rebuildAggregates(db);
}

/**
 * Fills the aggregates from the rows already there (an existing database gets correct figures), then gives them a
 * revision above every checkpoint a client may hold, so replicas that are already in sync pull them too.
 */
export async function rebuildAggregates<DB>(db: Kysely<DB>): Promise<void> {
  await sql`
    delete from case_flow_aggregates;
    delete from case_state_aggregates;
    delete from ticket_light_aggregates;
    select case_aggregates_apply_rows('{}'::cases[], array(select c from cases c));
    select ticket_aggregates_apply_rows('{}'::tickets[], array(select t from tickets t));
    with bumped as (
      update workspace_revisions w set rev = w.rev + 1
      where exists (select 1 from case_flow_aggregates a where a.workspace_id = w.workspace_id)
         or exists (select 1 from case_state_aggregates a where a.workspace_id = w.workspace_id)
         or exists (select 1 from ticket_light_aggregates a where a.workspace_id = w.workspace_id)
      returning w.workspace_id, w.rev
    ), f as (
      update case_flow_aggregates a set rev = b.rev from bumped b where a.workspace_id = b.workspace_id returning 1
    ), s as (
      update case_state_aggregates a set rev = b.rev from bumped b where a.workspace_id = b.workspace_id returning 1
    )
    update ticket_light_aggregates a set rev = b.rev from bumped b where a.workspace_id = b.workspace_id;
  `.execute(db);
}

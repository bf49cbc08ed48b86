import { sql, type Kysely } from 'kysely';

/**
 * Dashboard aggregates (part 1 §2, §3, §4, §9; issue 16): small documents that count cases and open tickets, kept
 * exact by triggers on `cases` and `tickets`, so they change in the same transaction as the rows they count and
 * with the same revision. A trigger is the one choke point every writer passes (services, the engine, the seed,
 * bulk loads): none of them can forget it. The triggers take the old row's contribution away and add the new
 * row's, so any change (a new case, a status, a state, a tombstone, a ticket claimed, moved or resolved) is right
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

    create function case_flow_bump(p_ws text, p_type text, p_at timestamptz, p_column text, p_sign integer, p_rev bigint, p_minutes integer)
    returns void language plpgsql as $$
    declare
      utc timestamp := p_at at time zone 'UTC';
      v_month text := to_char(utc, 'YYYY-MM');
      v_days integer := extract(day from (date_trunc('month', utc) + interval '1 month - 1 day'))::integer;
      v_day integer := extract(day from utc)::integer;
      v_hourly boolean := p_type = '';
      v_length integer := case when v_hourly then v_days * 24 else v_days end;
      v_slot integer := case when v_hourly then (v_day - 1) * 24 + extract(hour from utc)::integer + 1 else v_day end;
      v_id text := 'cf:' || p_type || ':' || v_month;
    begin
      insert into case_flow_aggregates (id, workspace_id, case_type_id, month, created, closed, resolution_minutes, rev)
      values (v_id, p_ws, p_type, v_month, array_fill(0, array[v_length]), array_fill(0, array[v_length]), array_fill(0, array[v_days]), p_rev)
      on conflict (id) do nothing;
      if p_column = 'created' then
        update case_flow_aggregates set created[v_slot] = created[v_slot] + p_sign, rev = greatest(rev, p_rev), updated_at = now() where id = v_id;
      else
        update case_flow_aggregates
          set closed[v_slot] = closed[v_slot] + p_sign, resolution_minutes[v_day] = resolution_minutes[v_day] + p_sign * p_minutes,
              rev = greatest(rev, p_rev), updated_at = now()
          where id = v_id;
      end if;
    end $$;

    create function case_aggregates_apply(r cases, p_sign integer, p_rev bigint) returns void language plpgsql as $$
    declare
      v_closed_at timestamptz;
      v_type text;
      v_state_key text := coalesce(r.state_id, '');
      v_id text := 'cs:' || r.case_type_id || ':' || v_state_key || ':' || r.status;
    begin
      if r.deleted then return; end if;
      foreach v_type in array array[r.case_type_id, ''] loop
        perform case_flow_bump(r.workspace_id, v_type, r.created_at, 'created', p_sign, p_rev, 0);
        if r.status = 'COMPLETED' then
          v_closed_at := coalesce(r.closing, r.updated_at);
          perform case_flow_bump(r.workspace_id, v_type, v_closed_at, 'closed', p_sign, p_rev,
            greatest(0, floor(extract(epoch from (v_closed_at - r.created_at)) / 60))::integer);
        end if;
      end loop;
      insert into case_state_aggregates (id, workspace_id, case_type_id, state_id, status, count, rev)
      values (v_id, r.workspace_id, r.case_type_id, r.state_id, r.status, p_sign, p_rev)
      on conflict (id) do update set count = case_state_aggregates.count + p_sign, rev = greatest(case_state_aggregates.rev, p_rev), updated_at = now();
    end $$;

    create function cases_aggregate_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.deleted = new.deleted and old.status = new.status and old.state_id is not distinct from new.state_id
        and old.case_type_id = new.case_type_id and old.created_at = new.created_at and old.workspace_id = new.workspace_id
        and (new.status <> 'COMPLETED' or coalesce(old.closing, old.updated_at) = coalesce(new.closing, new.updated_at)) then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        perform case_aggregates_apply(old, -1, case when tg_op = 'UPDATE' then new.rev else
          (select rev from workspace_revisions where workspace_id = old.workspace_id) end);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform case_aggregates_apply(new, 1, new.rev);
      end if;
      return null;
    end $$;
    create trigger cases_aggregates after insert or update or delete on cases for each row execute function cases_aggregate_change();

    create function ticket_light_bump(p_id text, r tickets, p_member text, p_sign integer, p_rev bigint) returns void language plpgsql as $$
    declare
      v_created bigint := floor(extract(epoch from r.created_at) / 60)::bigint;
      v_key text := v_created || '+' || (floor(extract(epoch from r.due_at) / 60)::bigint - v_created);
    begin
      insert into ticket_light_aggregates (id, workspace_id, team_id, member_id, status, rev)
      values (p_id, r.workspace_id, r.team_id, p_member, r.status, p_rev)
      on conflict (id) do nothing;
      update ticket_light_aggregates
        set open = open + p_sign,
            windows = case when coalesce((windows ->> v_key)::integer, 0) + p_sign = 0 then windows - v_key
                           else jsonb_set(windows, array[v_key], to_jsonb(coalesce((windows ->> v_key)::integer, 0) + p_sign)) end,
            rev = greatest(rev, p_rev), updated_at = now()
        where id = p_id;
    end $$;

    create function ticket_aggregates_apply(r tickets, p_sign integer, p_rev bigint) returns void language plpgsql as $$
    begin
      if r.deleted or r.state <> 'open' then return; end if;
      perform ticket_light_bump('tl:' || r.team_id || ':' || r.status, r, null, p_sign, p_rev);
      if r.status = 'assigned' and r.assignee_member_id is not null then
        perform ticket_light_bump('th:' || r.team_id || ':' || r.assignee_member_id, r, r.assignee_member_id, p_sign, p_rev);
      end if;
    end $$;

    create function tickets_aggregate_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and old.deleted = new.deleted and old.state = new.state and old.status = new.status and old.team_id = new.team_id
        and old.assignee_member_id is not distinct from new.assignee_member_id and old.created_at = new.created_at
        and old.due_at = new.due_at and old.workspace_id = new.workspace_id then
        return null;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        perform ticket_aggregates_apply(old, -1, case when tg_op = 'UPDATE' then new.rev else
          (select rev from workspace_revisions where workspace_id = old.workspace_id) end);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        perform ticket_aggregates_apply(new, 1, new.rev);
      end if;
      return null;
    end $$;
    create trigger tickets_aggregates after insert or update or delete on tickets for each row execute function tickets_aggregate_change();

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
    select count(case_aggregates_apply(c, 1, c.rev)) from cases c;
    select count(ticket_aggregates_apply(t, 1, t.rev)) from tickets t;
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

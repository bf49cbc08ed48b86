import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formSlugSchema } from '../../src/domain/forms/formRules.ts';
import type { AppDeps } from '../app.ts';
import { REVALIDATE_CACHE } from '../http/staticAssets.ts';

const formParams = z.object({ formId: formSlugSchema });

/** The console's icons; the kiosk is installed under its form's name with the same ones. */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The web manifest of one form's kiosk page: installable on its own, scoped to its link. */
export function kioskManifest(form: { formId: string; name: string; description: string }) {
  const link = `/forms/${form.formId}`;
  return {
    id: link,
    name: form.name,
    short_name: form.name.slice(0, 30),
    description: form.description,
    start_url: link,
    scope: link,
    display: 'standalone',
    background_color: '#eef1f5',
    theme_color: '#1f3a5f',
    icons: ICONS,
  };
}

/**
 * Public (no sign-in): the per-form manifest the kiosk page links (/forms/:formId/manifest.webmanifest). The page
 * itself is kiosk.html, served for every /forms/… navigation by server/http/staticAssets.ts.
 */
export const kioskRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/forms/:formId/manifest.webmanifest', { schema: { params: formParams } }, async (request, reply) => {
      const form = await db
        .selectFrom('frontdesk_forms')
        .select(['form_id', 'name', 'description'])
        .where('form_id', '=', request.params.formId)
        .where('deleted', '=', false)
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (!form) return reply.status(404).send({ code: 'not-found', message: 'This form is not available' });
      return reply
        .header('cache-control', REVALIDATE_CACHE)
        .type('application/manifest+json')
        .send(JSON.stringify(kioskManifest({ formId: form.form_id, name: form.name, description: form.description })));
    });
  };

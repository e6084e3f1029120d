import { PaymentLinksResponseSchema, type PaymentLinksResponse } from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The crypto payment link of each plan on sale, from config; null where none is configured. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  links: PaymentLinksResponse['links'];
}> = async (app, { links }) => {
  const answer: PaymentLinksResponse = { links: { ...links } };

  app.get(
    '/payment/links',
    {
      schema: {
        tags: ['payment'],
        summary: 'Crypto payment links of the monthly, quarterly and annual plans',
        response: { 200: PaymentLinksResponseSchema },
      },
    },
    async () => answer,
  );
};

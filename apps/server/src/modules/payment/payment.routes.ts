import {
  AdminPaymentsQuerySchema,
  AdminPaymentsResponseSchema,
  CreatePaymentRequestSchema,
  CreatePaymentResponseSchema,
  IdParamsSchema,
  PaymentLinksResponseSchema,
  PaymentListResponseSchema,
  type PaymentLinksResponse,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { IpnBodySchema } from './ipn.js';
import type { PaymentsService } from './payments.service.js';

export interface PaymentRoutesOptions {
  links: PaymentLinksResponse['links'];
  payments: PaymentsService;
  /** Multiplies the per-address limits (RATE_LIMIT_SCALE). */
  rateLimitScale: number;
}

/**
 * How plans are paid: the static link of each plan, and with NOWPayments configured
 * (DESIGN.md section 14) an invoice per trader and plan, whose signed IPNs activate the plan.
 */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, opts) => {
  const { payments } = opts;
  const answer: PaymentLinksResponse = { links: { ...opts.links }, checkout: payments.checkout };
  const signedIn = { onRequest: app.authenticate, security: [{ bearer: [] }] } as const;

  app.get(
    '/payment/links',
    {
      schema: {
        tags: ['payment'],
        summary:
          'Crypto payment links of the monthly, quarterly and annual plans, and whether Pay makes an invoice',
        response: { 200: PaymentLinksResponseSchema },
      },
    },
    async () => answer,
  );

  app.post(
    '/payments',
    {
      onRequest: signedIn.onRequest,
      config: { rateLimit: { max: 20 * opts.rateLimitScale, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment'],
        summary: 'Pay for a plan: a NOWPayments invoice whose page the trader is sent to',
        security: signedIn.security,
        body: CreatePaymentRequestSchema,
        response: { 201: CreatePaymentResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ payment: await payments.create(currentUser(req), req.body.plan) }),
  );

  app.get(
    '/payments',
    {
      onRequest: signedIn.onRequest,
      schema: {
        tags: ['payment'],
        summary: "The trader's own payments, newest first",
        security: signedIn.security,
        response: { 200: PaymentListResponseSchema },
      },
    },
    async (req) => ({ payments: await payments.list(currentUser(req)) }),
  );

  app.get(
    '/payments/:id',
    {
      onRequest: signedIn.onRequest,
      schema: {
        tags: ['payment'],
        summary: "One of the trader's own payments (404 for anyone else's)",
        security: signedIn.security,
        params: IdParamsSchema,
        response: { 200: CreatePaymentResponseSchema },
      },
    },
    async (req) => ({ payment: await payments.get(currentUser(req), req.params.id) }),
  );

  app.post(
    '/payments/nowpayments',
    {
      config: { rateLimit: { max: 300 * opts.rateLimitScale, timeWindow: '1 minute' } },
      schema: {
        tags: ['payment'],
        summary:
          "NOWPayments' IPN: signed with x-nowpayments-sig (HMAC-SHA512 of the body, keys sorted, keyed by the IPN secret)",
        body: IpnBodySchema,
        response: { 200: z.object({ ok: z.boolean(), message: z.string() }) },
      },
    },
    async (req, reply) => {
      const signature = req.headers['x-nowpayments-sig'];
      const answer = await payments.handleIpn(
        req.body,
        typeof signature === 'string' ? signature : undefined,
        req.ip,
      );
      // 401, 404 and 400 carry the same small body (documented in docs/API.md), not the app's
      // error shape: the provider reads only the status, and retries on anything but 2xx.
      return reply.status(answer.status as 200).send(answer.body);
    },
  );

  app.get(
    '/admin/payments',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Payments, newest first, optionally of one state',
        security: [{ bearer: [] }],
        querystring: AdminPaymentsQuerySchema,
        response: { 200: AdminPaymentsResponseSchema },
      },
    },
    async (req) => ({ payments: await payments.adminList(req.query.state, req.query.limit) }),
  );
};

import {
  LeaderboardVisibilityRequestSchema,
  PublicUserSchema,
  TimeZoneRequestSchema,
  WidgetLayoutRequestSchema,
  WidgetLayoutResponseSchema,
} from '@tb/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock.js';
import { currentUser } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

/** The signed-in user's own account. UsersService takes the time per call: the app's clock. */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService; now: Clock }> = async (
  app,
  { users, now },
) => {
  app.get(
    '/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: PublicUserSchema },
      },
    },
    async (req) => users.toPublic(currentUser(req), now()),
  );

  app.put(
    '/users/time-zone',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Set the time zone of the trading day',
        security: [{ bearer: [] }],
        body: TimeZoneRequestSchema,
        response: { 200: PublicUserSchema },
      },
    },
    async (req) => users.setTimeZone(currentUser(req), req.body.timeZone, now()),
  );

  app.get(
    '/users/widget-layout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The saved dashboard layout (the default when none was saved)',
        security: [{ bearer: [] }],
        response: { 200: WidgetLayoutResponseSchema },
      },
    },
    async (req) => ({ layout: users.widgetLayout(currentUser(req)) }),
  );

  app.put(
    '/users/widget-layout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Save the dashboard layout',
        security: [{ bearer: [] }],
        body: WidgetLayoutRequestSchema,
        response: { 200: WidgetLayoutResponseSchema },
      },
    },
    async (req) => ({
      layout: await users.saveWidgetLayout(currentUser(req), req.body.layout, now()),
    }),
  );

  app.put(
    '/users/leaderboard',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Join or leave the public leaderboard',
        security: [{ bearer: [] }],
        body: LeaderboardVisibilityRequestSchema,
        response: { 200: PublicUserSchema },
      },
    },
    async (req) => users.setShowOnLeaderboard(currentUser(req), req.body.showOnLeaderboard, now()),
  );
};

import {
  LeaderboardVisibilityRequestSchema,
  PublicUserSchema,
  TimeZoneRequestSchema,
  UserSettingsRequestSchema,
  UserSettingsSchema,
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
        summary:
          'The saved dashboard layouts, desktop and phone (the defaults when none was saved)',
        security: [{ bearer: [] }],
        response: { 200: WidgetLayoutResponseSchema },
      },
    },
    async (req) => users.widgetLayout(currentUser(req)),
  );

  app.put(
    '/users/widget-layout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Save the dashboard layouts (layouts per breakpoint, or layout: the desktop one)',
        security: [{ bearer: [] }],
        body: WidgetLayoutRequestSchema,
        response: { 200: WidgetLayoutResponseSchema },
      },
    },
    async (req) => users.saveWidgetLayout(currentUser(req), req.body, now()),
  );

  app.get(
    '/users/settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: "The user's settings shared by every browser (live trading)",
        security: [{ bearer: [] }],
        response: { 200: UserSettingsSchema },
      },
    },
    async (req) => users.settings(currentUser(req)),
  );

  app.put(
    '/users/settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change the settings (live trading on or off)',
        security: [{ bearer: [] }],
        body: UserSettingsRequestSchema,
        response: { 200: UserSettingsSchema },
      },
    },
    async (req) => users.saveSettings(currentUser(req), req.body, now()),
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

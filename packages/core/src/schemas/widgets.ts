import { z } from 'zod';
import { WIDGET_TYPES } from '../widgets/catalogue.js';
import { booleanField, intField, textField } from './common.js';
import { text } from './text.js';

/** A widget type. */
export const WidgetTypeSchema = z.enum(WIDGET_TYPES, {
  error: `Widget type must be one of ${WIDGET_TYPES.join(', ')}`,
});

const PropValueSchema = z.union([text('Widget prop').max(500), z.number(), z.boolean(), z.null()], {
  error: 'Widget props must be text, numbers, true/false or null',
});

/** Widget props such as the chart's symbol and exchange: at most 20 simple values. */
export const WidgetPropsSchema = z
  .record(
    text('Widget prop name').max(50, 'Widget prop names must be at most 50 characters'),
    PropValueSchema,
    // A refused name reads as what is wrong with it, not zod's 'Invalid key in record'.
    { error: (issue) => (issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined) },
  )
  .refine((props) => Object.keys(props).length <= 20, { message: 'A widget has at most 20 props' });

/** One widget of the dashboard layout (SPEC.md section 3), in grid units. */
export const WidgetLayoutItemSchema = z.object({
  i: text('Widget id', 'Widget id is required')
    .trim()
    .min(1, 'Widget id is required')
    .max(50, 'Widget id must be at most 50 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Widget id may contain only letters, digits, - and _'),
  x: intField('Widget x', 0, 11),
  y: intField('Widget y', 0, 10_000),
  w: intField('Widget width', 1, 12),
  h: intField('Widget height', 1, 100),
  minW: intField('Widget minimum width', 1, 12).optional(),
  minH: intField('Widget minimum height', 1, 100).optional(),
  maxW: intField('Widget maximum width', 1, 12).optional(),
  maxH: intField('Widget maximum height', 1, 100).optional(),
  title: textField('Widget title', 100).optional(),
  workflowNumber: intField('Workflow number', 1, 10).nullable().optional(),
  props: WidgetPropsSchema.optional(),
  widgetType: WidgetTypeSchema.optional(),
  moved: booleanField('Moved').optional(),
  static: booleanField('Static').optional(),
  isDraggable: booleanField('Draggable').optional(),
  isResizable: booleanField('Resizable').optional(),
  /** Whether the widget shows board navigation (bingo); SPEC.md lists the field only. */
  navigation: z
    .union([z.boolean(), text('Navigation').max(100)])
    .nullable()
    .optional(),
});
export type WidgetLayoutItem = z.infer<typeof WidgetLayoutItemSchema>;

/** A whole layout: at most 50 widgets with distinct ids. */
export const WidgetLayoutSchema = z
  .array(WidgetLayoutItemSchema, { error: 'Layout must be a list of widgets' })
  .max(50, 'A layout has at most 50 widgets')
  .refine((items) => new Set(items.map((item) => item.i)).size === items.length, {
    message: 'Widget ids must be unique',
  });

/** The layouts per breakpoint: desktop (12 columns) and, when saved, mobile (4 columns). */
export const WidgetLayoutsSchema = z.object({
  desktop: WidgetLayoutSchema,
  mobile: WidgetLayoutSchema.optional(),
});
export type StoredWidgetLayouts = z.infer<typeof WidgetLayoutsSchema>;

/**
 * PUT /api/users/widget-layout body: `layouts` with the breakpoints that changed (a phone saves
 * only `mobile`, so it never writes back a desktop layout it loaded hours ago), or `layout`
 * alone as older clients send it, which is the desktop layout. Breakpoints not sent are kept.
 */
export const WidgetLayoutRequestSchema = z
  .object({
    layout: WidgetLayoutSchema.optional(),
    layouts: z
      .object({ desktop: WidgetLayoutSchema.optional(), mobile: WidgetLayoutSchema.optional() })
      .optional(),
  })
  .refine(
    (body) =>
      body.layout !== undefined ||
      body.layouts?.desktop !== undefined ||
      body.layouts?.mobile !== undefined,
    { message: 'Send layout or layouts' },
  );
export type WidgetLayoutRequest = z.infer<typeof WidgetLayoutRequestSchema>;

/** GET and PUT answer: both layouts, and `layout` (the desktop one) for older clients. */
export const WidgetLayoutResponseSchema = z.object({
  layout: WidgetLayoutSchema,
  layouts: z.object({ desktop: WidgetLayoutSchema, mobile: WidgetLayoutSchema }),
});
export type WidgetLayoutResponse = z.infer<typeof WidgetLayoutResponseSchema>;

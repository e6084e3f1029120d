import { PLANS, PlanIdSchema, type PlanId, type SubscriptionResponse } from '@tb/core';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components';
import { addPlanMutationOptions } from '../api';
import { useAdminMutation } from '../hooks/use-admin-mutation';

/** Add a plan: extends the current period from its end date, or starts one today. */
export function AddPlanForm({
  userId,
  onAdded,
}: {
  userId: string;
  onAdded: (data: SubscriptionResponse) => void;
}) {
  const id = useId();
  const [plan, setPlan] = useState<PlanId>('monthly');
  const add = useAdminMutation(addPlanMutationOptions(), onAdded);

  function submit(event: FormEvent) {
    event.preventDefault();
    add.mutate({ userId, plan });
  }

  return (
    <form className="admin-subsection" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subsection__title">
        Add plan
      </h3>
      {/* The design system has no select yet; this one borrows the text field's look. */}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-plan`}>
          Plan
        </label>
        <select
          id={`${id}-plan`}
          className="field__control"
          value={plan}
          onChange={(e) => setPlan(PlanIdSchema.parse(e.target.value))}
          aria-describedby={`${id}-hint`}
          autoFocus
        >
          {PlanIdSchema.options.map((planId) => (
            <option key={planId} value={planId}>
              {PLANS[planId].name} ({PLANS[planId].durationDays} days)
            </option>
          ))}
        </select>
        <p className="field__hint" id={`${id}-hint`}>
          Extends the current period from its end date, or starts one today.
        </p>
      </div>
      <div className="row">
        <Button type="submit" busy={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add plan'}
        </Button>
      </div>
    </form>
  );
}

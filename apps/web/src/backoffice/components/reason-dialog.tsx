import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

/** Where a field's limits come from: the schema the API checks the same field with. */
export type ReasonField = z.ZodType<unknown>;

/** The most characters the field takes, read from its schema (optional or not). */
function maxLengthOf(field: ReasonField): number | undefined {
  const inner = field instanceof z.ZodOptional ? field.unwrap() : field;
  return inner instanceof z.ZodString ? (inner.maxLength ?? undefined) : undefined;
}

export type ReasonDialogProps = {
  title: string;
  /** The confirm button's label and colour. */
  confirm: string;
  confirmColor?: string;
  busy: boolean;
  onClose: () => void;
  /** The reason trimmed; empty when an optional reason was left out. */
  onSubmit: (reason: string) => void;
  /** The reason's schema in core: its minimum and maximum are the dialog's. */
  field: ReasonField;
  /** Whether words are required; by default, when the schema does not take an absent reason. */
  required?: boolean;
  label: string;
  description?: string;
  /** Submit stays enabled and the schema's own message explains what is wrong. */
  explainErrors?: boolean;
  /** Whether the dialog's other inputs (shown as children) are complete. */
  complete?: boolean;
  /** Inputs and notes above the reason, and below it. */
  children?: ReactNode;
  footer?: ReactNode;
};

// One dialog for every back-office decision that needs words: a reason the audit log keeps
// (reject, deactivate, return, hold...). It closes only when its caller says so, after the
// action succeeds; a failure shows in the snackbar or in the caller's footer.
export function ReasonDialog(props: ReasonDialogProps) {
  const { t } = useTranslation('backoffice');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const required = props.required ?? !props.field.safeParse(undefined).success;
  const checked = props.field.safeParse(reason);
  const reasonOk = checked.success || (!required && trimmed === '');
  const ready = reasonOk && (props.complete ?? true);
  const error =
    props.explainErrors && touched && !checked.success ? checked.error.issues[0]?.message : undefined;
  return (
    <Modal opened onClose={props.onClose} title={props.title}>
      <form
        noValidate={props.explainErrors}
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (ready) props.onSubmit(trimmed);
        }}
      >
        <Stack>
          {props.children}
          <Textarea
            label={props.label}
            description={props.description}
            required={required}
            data-autofocus={props.explainErrors || undefined}
            minRows={3}
            maxLength={maxLengthOf(props.field)}
            value={reason}
            error={error}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setTouched(true);
            }}
          />
          {props.footer}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              color={props.confirmColor}
              disabled={!props.explainErrors && !ready}
              loading={props.busy}
            >
              {props.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

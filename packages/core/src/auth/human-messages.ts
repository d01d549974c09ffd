import { z } from 'zod';
import { validationMessages } from './validation-messages';

// zod's own wording ("Too small: expected array to have >=1 items") is written for developers.
// Every rule without a sentence of its own gets one of these instead, installed once as zod's
// global error map (each app installs it at start), so neither a form nor an API answer ever shows zod's wording. The templated
// ones carry a number; the web app translates them by their template.
export const humanTemplates = {
  // The field rules' own length sentence (field-rules.ts), translated by the same template.
  atMost: 'At most {{max}} characters',
  tooLong: 'Use at most {{max}} characters',
  tooShort: 'Use at least {{min}} characters',
  tooFew: 'Choose at least {{min}}',
  tooMany: 'Choose at most {{max}}',
  numberTooSmall: 'Enter {{min}} or more',
  numberTooBig: 'Enter {{max}} or less',
  numberAbove: 'Enter more than {{min}}',
  numberBelow: 'Enter less than {{max}}',
} as const;

export const humanMessages = {
  chooseOption: 'Please choose one of the options',
  invalidValue: 'Please check this value',
  wholeNumber: 'Enter a whole number',
  unexpectedField: 'This field is not expected here',
} as const;

const fill = (template: string, value: unknown) => template.replace(/\{\{\w+\}\}/, String(value));

type Issue = z.core.$ZodRawIssue;

/** The sentence for an issue no schema gave its own words to. */
export function humanIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return validationMessages.required;
      return issue.expected === 'int' ? humanMessages.wholeNumber : humanMessages.invalidValue;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? validationMessages.required : fill(humanTemplates.tooShort, min);
      if (issue.origin === 'array' || issue.origin === 'set') return fill(humanTemplates.tooFew, min);
      return fill(
        issue.inclusive === false ? humanTemplates.numberAbove : humanTemplates.numberTooSmall,
        min,
      );
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return fill(humanTemplates.tooLong, max);
      if (issue.origin === 'array' || issue.origin === 'set') return fill(humanTemplates.tooMany, max);
      return fill(issue.inclusive === false ? humanTemplates.numberBelow : humanTemplates.numberTooBig, max);
    }
    case 'invalid_value':
    case 'invalid_union':
      return humanMessages.chooseOption;
    case 'invalid_format':
      return issue.format === 'email' ? validationMessages.email : humanMessages.invalidValue;
    case 'not_multiple_of':
      return humanMessages.wholeNumber;
    case 'unrecognized_keys':
      return humanMessages.unexpectedField;
    default:
      return humanMessages.invalidValue;
  }
}

/** Makes these zod's words for this process: each app calls it once as it starts. */
export function installHumanMessages(): void {
  z.config({ customError: humanIssueMessage });
}

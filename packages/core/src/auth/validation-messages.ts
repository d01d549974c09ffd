// The wording of docs/requirements/validation.md ("Messages"), in one place so the web form and the
// API answer with the same sentence.
export const validationMessages = {
  phone: 'Phone must be a valid phone number',
  password: 'Password needs at least 8 characters, with 1 uppercase, 1 lowercase and 1 number',
  passwordsMatch: 'Passwords must match',
  files: 'Please upload correct files',
  fileSize: 'The file is too large: 10MB at most',
  latinNum: 'Only numbers and Latin letters are allowed',
  defaultField: 'Special symbols are not allowed, use letters and numbers only',
  numbersOnly: 'Only numbers are allowed',
  address: 'Invalid characters in address field',
  city: 'Latin alphabet symbols only',
  iban: 'Invalid IBAN format',
  required: 'This field is required',
  email: 'Please enter a valid e-mail address',
} as const;

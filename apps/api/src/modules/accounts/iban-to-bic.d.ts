// iban-to-bic ships no types: a CommonJS object with two functions.
declare module 'iban-to-bic' {
  const ibanToBicModule: {
    ibanIsValid(iban: string): boolean;
    /** The bank's BIC from the national bank directory, or undefined when unknown. */
    ibanToBic(iban: string): string | undefined;
  };
  export default ibanToBicModule;
}

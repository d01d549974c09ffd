// The MT940 parser the statement tests read the file back with ships no types.
declare module 'mt940js' {
  export type Mt940Transaction = {
    amount: number;
    currency: string;
    details: string;
    date: Date;
    reference: string;
  };
  export type Mt940Statement = {
    accountIdentification: string;
    currency: string;
    openingBalance: number;
    closingBalance: number;
    transactions: Mt940Transaction[];
  };
  export class Parser {
    constructor(options?: { no86Structure?: boolean });
    parse(text: string): Mt940Statement[];
  }
}

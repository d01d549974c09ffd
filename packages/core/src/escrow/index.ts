// Escrow deals: schemas of the parties' and the escrow desk's API.
export * from './escrow-schemas';

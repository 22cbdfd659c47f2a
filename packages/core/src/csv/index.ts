export * from './csv-writer';
export * from './cart-export';

/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_LOCALES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

import { Input } from '@mantine/core';
import type {} from 'altcha/types/react';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// The public forms' bot check, invisible to people (docs/requirements/public-site.md): the self-hosted ALTCHA widget
// solving the API's proof-of-work challenge (GET /api/auth/altcha). The work starts when the
// visitor begins to fill in the form, and the form waits for it on submit. With the API's bot check
// off (automation) there is no widget and no work. The widget's code loads with the first widget:
// it needs a browser, and the prerendered log-in page is rendered in Node.
const loadWidget = () => Promise.all([import('altcha'), import('altcha/i18n/de')]);
export type AltchaHandle = { payload: () => Promise<string> };

type WidgetElement = HTMLElement & {
  verify: () => Promise<{ payload: string } | null>;
  getState: () => string;
};

export const AltchaField = forwardRef<AltchaHandle, { error?: string; enabled: boolean }>(
  function AltchaField({ error, enabled }, ref) {
    const { i18n } = useTranslation();
    const widget = useRef<WidgetElement>(null);
    const payload = useRef('');

    useEffect(() => {
      if (enabled) void loadWidget();
    }, [enabled]);

    useEffect(() => {
      const element = widget.current;
      if (!element) return;
      const onState = (event: Event) => {
        const detail = (event as CustomEvent<{ payload?: string; state: string }>).detail;
        payload.current = detail.state === 'verified' ? (detail.payload ?? '') : '';
      };
      element.addEventListener('statechange', onState);
      return () => element.removeEventListener('statechange', onState);
    }, []);

    useImperativeHandle(ref, () => ({
      payload: async () => {
        if (!enabled) return '';
        if (payload.current) return payload.current;
        await loadWidget();
        await customElements.whenDefined('altcha-widget');
        const result = await widget.current?.verify();
        payload.current = result?.payload ?? '';
        return payload.current;
      },
    }));

    if (!enabled) return null;
    return (
      <Input.Wrapper error={error}>
        <altcha-widget
          ref={widget}
          challenge="/api/auth/altcha"
          language={i18n.language.startsWith('de') ? 'de' : 'en'}
          auto="onfocus"
          display="invisible"
        />
      </Input.Wrapper>
    );
  },
);

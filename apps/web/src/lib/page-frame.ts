import { createContext, useContext } from 'react';

// A page shared by onboarding and Settings (contacts, security, password, identification) draws
// itself for the layout it is in: inside the dashboard layout (with the sidebar) it is a settings
// page with the way back to Settings; inside the verification layout it is an onboarding step.
export type PageFrame = 'dashboard' | 'verification';

export const PageFrameContext = createContext<PageFrame>('verification');

export const usePageFrame = () => useContext(PageFrameContext);

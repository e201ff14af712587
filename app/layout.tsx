import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TooltipProvider } from '../components/ui/tooltip';
import './globals.css';

export const metadata: Metadata = {
  title: 'Stepscope',
  description: 'A debugger for the conversation histories of LLM agents',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="antialiased">
        {/* One provider for every page's hints (components/ui/tooltip.tsx). */}
        <TooltipProvider>{children}</TooltipProvider>
      </body>
    </html>
  );
}

import type { Metadata } from 'next';
import { LibraryPage } from '../../components/library/library-page';

export const metadata: Metadata = { title: 'Library · Stepscope' };

export default function Page() {
  return <LibraryPage />;
}

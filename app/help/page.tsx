import type { Metadata } from 'next';
import { NumbersHelp } from '../../components/help/numbers-help';

export const metadata: Metadata = { title: 'What these numbers mean · Stepscope' };

export default function Page() {
  return <NumbersHelp />;
}

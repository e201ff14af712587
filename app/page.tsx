import { StepscopeApp } from '../components/shell/stepscope-app';

export default function Page() {
  return <StepscopeApp />;
}

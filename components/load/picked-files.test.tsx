// @vitest-environment happy-dom
/**
 * A picker's change handler (Testing Library on happy-dom): the input is cleared at once, and the
 * picked files reach the loader in a task after the change event's, sorted by path, without the
 * OS's litter; an empty pick loads nothing.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PickedFile } from '../../lib/worker/protocol';
import { onFilesPicked } from './picked-files';

afterEach(cleanup);

const file = (path: string) => {
  const f = new File(['{}'], path.split('/').pop() as string);
  Object.defineProperty(f, 'webkitRelativePath', { value: path });
  return f;
};

function picker(use: (files: PickedFile[]) => void) {
  render(<input type="file" aria-label="Folder" onChange={onFilesPicked(use)} />);
  return screen.getByLabelText('Folder') as HTMLInputElement;
}

describe('onFilesPicked', () => {
  it('clears the input at once and loads the files in a task of their own', async () => {
    const use = vi.fn();
    const input = picker(use);
    const files = [file('runs/b.json'), file('runs/.DS_Store'), file('runs/a.json')];
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    const cleared = vi.spyOn(input, 'value', 'set');
    fireEvent.change(input);
    expect(cleared).toHaveBeenCalledWith('');
    // Not in the change event's task: the browser's hand-over of the files is already long.
    expect(use).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(use).toHaveBeenCalledTimes(1);
    const picked = use.mock.calls[0]?.[0] as PickedFile[];
    expect(picked.map((p) => p.path)).toEqual(['runs/a.json', 'runs/b.json']);
    expect(picked[0]?.file).toBe(files[2]);
  });

  it('loads nothing when the pick was cancelled', async () => {
    const use = vi.fn();
    const input = picker(use);
    Object.defineProperty(input, 'files', { value: [], configurable: true });
    fireEvent.change(input);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(use).not.toHaveBeenCalled();
  });
});

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';

interface Row {
  id: string;
  label: string;
}

/**
 * A list reordered by dragging its handle (dnd-kit: mouse, touch, or Space and the arrow keys
 * on the handle) or with each row's Up and Down buttons. `onMove` gets every id, in the new order.
 */
export function SortableList({
  rows,
  onMove,
  disabled,
  actions,
}: {
  rows: Row[];
  onMove: (ids: string[]) => void;
  disabled: boolean;
  actions: (id: string) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = rows.map((r) => r.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onMove(arrayMove(ids, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="flex flex-col gap-2" aria-label="Items in order">
          {rows.map((r, i) => (
            <SortableRow
              key={r.id}
              row={r}
              index={i}
              last={i === rows.length - 1}
              disabled={disabled}
              move={move}
              actions={actions(r.id)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  row,
  index,
  last,
  disabled,
  move,
  actions,
}: {
  row: Row;
  index: number;
  last: boolean;
  disabled: boolean;
  move: (from: number, to: number) => void;
  actions: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: row.id,
    disabled,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex flex-wrap items-center gap-2 rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200 ${isDragging ? 'z-10 ring-orange-700' : ''}`}
      data-testid="content-row"
    >
      <button
        type="button"
        className="min-h-tap min-w-tap cursor-grab touch-none rounded text-lg text-slate-700 hover:bg-slate-100"
        aria-label={`Drag ${row.label}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <span className="min-w-40 flex-1 break-words font-medium text-slate-900">{row.label}</span>
      <span className="ml-auto flex gap-1">
        <Button
          variant="secondary"
          aria-label={`Move ${row.label} up`}
          disabled={disabled || index === 0}
          onClick={() => move(index, index - 1)}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          aria-label={`Move ${row.label} down`}
          disabled={disabled || last}
          onClick={() => move(index, index + 1)}
        >
          ↓
        </Button>
        {actions}
      </span>
    </li>
  );
}

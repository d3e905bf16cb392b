import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, type UniqueIdentifier, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Stack } from '@mantine/core';
import { AutopilotCard } from './AutopilotCard';
import type { Autopilot, AutopilotStats } from './autopilotsApi';

interface Props {
  autopilots: Autopilot[];
  stats: Map<number, AutopilotStats> | undefined;
  canChange: boolean;
  /** Moves the Autopilot at `from` to `to` (indexes in the list). */
  onMove: (from: number, to: number) => void;
  onArchive: (autopilot: Autopilot) => void;
}

/**
 * The live Autopilots, reordered by dragging a card's handle, by keyboard (Space or Enter on the
 * handle, the arrow keys, Space or Enter to drop, Escape to cancel), or with its move buttons.
 * dnd-kit announces each move to screen readers, by name and position.
 */
export function SortableAutopilots({ autopilots, stats, canChange, onMove, onArchive }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const names = autopilots.map((autopilot) => autopilot.name);
  const at = (id: UniqueIdentifier | undefined) => names.indexOf(String(id)) + 1;
  const drop = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(at(active.id) - 1, at(over.id) - 1);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{
        screenReaderInstructions: {
          draggable: 'To reorder, press Space or Enter, move with the arrow keys, press Space or Enter again to drop it there, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${active.id}, at position ${at(active.id)} of ${names.length}.`,
          // Over itself (as each drag starts) is no news.
          onDragOver: ({ active, over }) =>
            over?.id === active.id ? undefined : over ? `${active.id} would move to position ${at(over.id)} of ${names.length}.` : `${active.id} is no longer over the list.`,
          onDragEnd: ({ active, over }) => (over ? `${active.id} dropped at position ${at(over.id)} of ${names.length}.` : `${active.id} dropped; the order is unchanged.`),
          onDragCancel: ({ active }) => `Reordering cancelled: ${active.id} stays at position ${at(active.id)}.`,
        },
      }}
    >
      <SortableContext items={names} strategy={verticalListSortingStrategy}>
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Autopilots in routing order">
          {autopilots.map((autopilot, index) => (
            <SortableCard
              key={autopilot.id}
              autopilot={autopilot}
              stats={stats?.get(autopilot.id)}
              canChange={canChange}
              isFirst={index === 0}
              isLast={index === autopilots.length - 1}
              onMove={(step) => onMove(index, index + step)}
              onArchive={() => onArchive(autopilot)}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

type SortableCardProps = Omit<Parameters<typeof AutopilotCard>[0], 'handle' | 'containerRef' | 'style' | 'dragging'>;

function SortableCard(props: SortableCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props.autopilot.name, disabled: !props.canChange });
  return (
    <AutopilotCard
      {...props}
      handle={{ attributes, listeners, setActivatorNodeRef }}
      containerRef={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      dragging={isDragging}
    />
  );
}

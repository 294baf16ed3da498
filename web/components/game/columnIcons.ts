import type { ReactNode } from 'react';
import type { ColumnType } from '../../../game/rules';
import {
  AnnouncementIcon,
  DownwardsIcon,
  EdgesIcon,
  FreeIcon,
  HandIcon,
  MiddleIcon,
  UpwardsIcon,
} from '../icons';

/** Each column's icon: the sheet's heading, the legend, the rule-set picker. */
export const COLUMN_ICONS: Record<ColumnType, (props: { className?: string }) => ReactNode> = {
  DOWNWARDS: DownwardsIcon,
  UPWARDS: UpwardsIcon,
  FREE: FreeIcon,
  ANNOUNCEMENT: AnnouncementIcon,
  HAND: HandIcon,
  MIDDLE: MiddleIcon,
  EDGES: EdgesIcon,
};

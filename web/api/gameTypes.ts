// Kept until web/components/game/ imports contract/games directly (it is being split in parallel).
export type { GameResource, GameSummary } from '../../contract/games';

/** How other resources name a player. */
export interface PlayerRef {
  id: number;
  name: string;
}

/** A seat's name as an image prints it (a display name, or "Seat N"): images cannot show mentions. */
export type SeatNames = (seat: number) => string

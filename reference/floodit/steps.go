package floodit

// Boards returns the board after each legal step of r, a replay of a move
// text on b: the picture of every prefix, for step-by-step replays. It
// reuses the colours Replay read, so that what is legal is decided once, by
// Replay, and the boards come from the same Flood the judge plays.
func Boards(b Board, r ReplayResult) []Board {
	out := make([]Board, 0, r.Used)
	for _, s := range r.Steps {
		if !s.Legal {
			break
		}
		b = Flood(b, s.Color)
		out = append(out, b)
	}
	return out
}

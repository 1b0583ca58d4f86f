package fifteen

// Boards returns the board after each legal step of r, a replay of a move
// text on b: the picture of every prefix, for step-by-step replays. What is
// legal was decided by Replay; the boards come from the same Apply.
func Boards(b Board, r ReplayResult) []Board {
	out := make([]Board, 0, r.Used)
	for _, s := range r.Steps {
		if !s.Legal {
			break
		}
		next, _, ok := b.Apply(s.Move)
		if !ok {
			break
		}
		b = next
		out = append(out, b)
	}
	return out
}

package rotation

import "math/rand/v2"

// randomBoard returns a classic board: eight squares of each symbol, shuffled.
func randomBoard(r *rand.Rand) Board {
	var b Board
	for i := range b.Squares {
		b.Squares[i] = uint8(i/8 + 1)
	}
	r.Shuffle(Squares, func(i, j int) { b.Squares[i], b.Squares[j] = b.Squares[j], b.Squares[i] })
	return b
}

// randomWide returns a board of 24 independent symbols, so that one symbol
// usually sits on more than eight squares (legal, though never classic).
func randomWide(r *rand.Rand) Board {
	var b Board
	for i := range b.Squares {
		b.Squares[i] = uint8(r.IntN(Symbols) + 1)
	}
	return b
}

// scrambled returns a solved classic board moved k random moves away, so its
// optimum is at most k.
func scrambled(r *rand.Rand, k int) Board {
	b := randomBoard(r)
	s := uint8(r.IntN(Symbols) + 1)
	// Swap symbol s into every centre square from wherever it is outside.
	for _, c := range centre {
		if b.Squares[c] == s {
			continue
		}
		for i := range b.Squares {
			if b.Squares[i] == s && !isCentre(i) {
				b.Squares[i], b.Squares[c] = b.Squares[c], b.Squares[i]
				break
			}
		}
	}
	for range k {
		b = b.Apply(Move('A' + r.IntN(8)))
	}
	return b
}

func isCentre(sq int) bool { return centreMask&(1<<sq) != 0 }

// testBoards returns n boards of each kind: classic, wide and scrambled by up
// to 6 moves, from a fixed seed.
func testBoards(seed uint64, n int) []Board {
	r := rand.New(rand.NewPCG(seed, 1667))
	var bs []Board
	for i := range n {
		bs = append(bs, randomBoard(r), randomWide(r), scrambled(r, i%7))
	}
	return bs
}

// veryWide returns a board where one symbol sits on 12 to 23 squares, the
// rest split at random between the other two.
func veryWide(r *rand.Rand) Board {
	var b Board
	c := 12 + r.IntN(12)
	s := uint8(r.IntN(Symbols) + 1)
	for i := range b.Squares {
		if i < c {
			b.Squares[i] = s
		} else {
			b.Squares[i] = uint8((int(s)+r.IntN(2))%Symbols + 1)
		}
	}
	r.Shuffle(Squares, func(i, j int) { b.Squares[i], b.Squares[j] = b.Squares[j], b.Squares[i] })
	return b
}

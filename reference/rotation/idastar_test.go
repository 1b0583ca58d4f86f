package rotation

import (
	"context"
)

// inverse[m] is the move that undoes move m (A and F, B and E, C and H, D and
// G undo each other).
var inverse = [8]int{5, 4, 7, 6, 1, 0, 3, 2}

// solveIDA is the classic solver, kept as the baseline the fast one is
// checked and measured against: iterative deepening A* over whole boards,
// trying A..H in order, with the heuristic 8 minus the count of the most
// frequent centre symbol (a move brings one square into the centre, so it
// raises that count by at most one). Like the classic program it does not
// prune moves that undo the previous one. The first solution found at the
// smallest bound is the lexicographically smallest of the shortest ones.
func solveIDA(ctx context.Context, b Board, p Progress) (Solution, error) {
	if err := b.Validate(); err != nil {
		return Solution{}, err
	}
	solvable := false
	for s := 1; s <= Symbols; s++ {
		solvable = solvable || b.Count(s) >= 8
	}
	if !solvable {
		return Solution{}, nil
	}
	s := idaSearch{ctx: ctx, board: b.Squares, progress: p}
	for bound := 0; ; bound++ {
		if p != nil {
			p(bound, s.nodes)
		}
		s.path = s.path[:0]
		found, err := s.dfs(bound)
		if err != nil {
			return Solution{}, err
		}
		if found {
			return Solution{Moves: s.path, Solvable: true, Symbol: int(s.board[centre[0]])}, nil
		}
	}
}

type idaSearch struct {
	ctx      context.Context
	board    [Squares]uint8
	path     []Move
	nodes    int64
	progress Progress
}

func (s *idaSearch) h() int {
	var n [4]int
	for _, sq := range centre {
		n[s.board[sq]]++
	}
	return 8 - max(n[1], n[2], n[3])
}

// dfs looks for a solution of at most bound moves in all, len(s.path) made.
func (s *idaSearch) dfs(bound int) (bool, error) {
	s.nodes++
	if s.nodes&(1<<16-1) == 0 {
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
		if s.progress != nil {
			s.progress(bound, s.nodes)
		}
	}
	h := s.h()
	if h == 0 {
		return true, nil
	}
	if len(s.path)+h > bound {
		return false, nil
	}
	for m := 0; m < 8; m++ {
		s.rotate(m)
		s.path = append(s.path, Move('A'+m))
		found, err := s.dfs(bound)
		if found || err != nil {
			return found, err
		}
		s.path = s.path[:len(s.path)-1]
		s.rotate(inverse[m])
	}
	return false, nil
}

// rotate applies move m to the board in place.
func (s *idaSearch) rotate(m int) {
	line := &lines[m]
	first := s.board[line[0]]
	for j := 0; j < 6; j++ {
		s.board[line[j]] = s.board[line[j+1]]
	}
	s.board[line[6]] = first
}

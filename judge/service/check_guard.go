package service

import (
	"context"
	"strings"

	"puzzlejudge/internal/cache"
	"puzzlejudge/judge"
)

// Check serves anyone with a token, so it must not answer what problems
// keep hidden: the optimum of a hidden Flood-it case is its expected answer,
// and a score of optimum/used gives it away too. A student's board that is
// a hidden case, up to the puzzle's symmetries, is refused; so is a board
// beyond the server's check limits, which would hold a solver for the whole
// solve budget. Instructors are not limited.

// guardCheck refuses a student's /check board: EINVALID naming the config
// key when it is beyond CheckLimits, EHIDDENBOARD when it is a hidden case.
func (s *Service) guardCheck(ctx context.Context, viewer judge.User, pz judge.Puzzle, input string) error {
	if judge.CanCheckAnyBoard(viewer) {
		return nil
	}
	l := s.cfg.CheckLimits
	if l.MaxSize > 0 {
		if err := pz.CheckLimits(input, judge.Limits{MaxSize: l.MaxSize}); err != nil {
			return judge.Errorf(judge.EINVALID, "%s: /check takes students' boards up to size %d (config key check_max_size)", checkLimitMessage(err), l.MaxSize)
		}
	}
	if l.MaxColors > 0 {
		if err := pz.CheckLimits(input, judge.Limits{MaxColors: l.MaxColors}); err != nil {
			return judge.Errorf(judge.EINVALID, "%s: /check takes students' boards of at most %d colours (config key check_max_colors)", checkLimitMessage(err), l.MaxColors)
		}
	}
	if l.MaxMoves > 0 {
		if err := pz.CheckLimits(input, judge.Limits{MaxMoves: l.MaxMoves}); err != nil {
			return judge.Errorf(judge.EINVALID, "%s: /check takes students' boards of at most %d moves (config key check_max_moves)", checkLimitMessage(err), l.MaxMoves)
		}
	}
	hidden, err := s.isHiddenCase(ctx, pz, input)
	if err != nil {
		return err
	}
	if hidden {
		return judge.Errorf(judge.EHIDDENBOARD, "this board is a hidden case of a problem (up to the puzzle's symmetries): submit your moves to the problem instead")
	}
	return nil
}

// checkLimitMessage is the message of a CheckLimits error, which speaks of
// a problem's limits, said of the server's /check limit instead.
func checkLimitMessage(err error) string {
	return strings.Replace(judge.ErrorMessage(err), "this problem's limit", "the limit", 1)
}

// isHiddenCase reports whether input has the symmetry key of a case that is
// not a sample, in any problem of the puzzle.
func (s *Service) isHiddenCase(ctx context.Context, pz judge.Puzzle, input string) (bool, error) {
	key := pz.SymmetryKey(input)
	problems, err := s.store.Problems(ctx)
	if err != nil {
		return false, err
	}
	for _, p := range problems {
		if p.Puzzle != pz.Name() {
			continue
		}
		cases, err := s.store.Cases(ctx, p.ID)
		if err != nil {
			return false, err
		}
		for _, c := range cases {
			if !c.Sample && s.keys.get(pz, c.Input) == key {
				return true, nil
			}
		}
	}
	return false, nil
}

// keyCache memoises the symmetry keys of case inputs: the cases change
// rarely and a key costs a parse and every symmetry.
type keyCache struct {
	keys cache.Memo[string, string]
}

// maxKeys bounds the cache; past it, it starts again empty.
const maxKeys = 20000

func newKeyCache() *keyCache { return &keyCache{} }

func (k *keyCache) get(pz judge.Puzzle, input string) string {
	id := pz.Name() + "\x00" + input
	if key, ok := k.keys.Get(id); ok {
		return key
	}
	key := pz.SymmetryKey(input)
	k.keys.Put(id, key, maxKeys)
	return key
}

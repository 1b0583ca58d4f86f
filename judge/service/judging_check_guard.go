package service

import (
	"context"
	"errors"
	"strings"

	"puzzlejudge/internal/cache"
	"puzzlejudge/judge"
)

// Check serves anyone with a token, so it must not answer what problems
// keep hidden: the optimum of a hidden Flood-it case is its expected answer,
// and a score of optimum/used gives it away too. A student's board that is
// a hidden case, up to the puzzle's symmetries, is refused, and so is one
// that holds a hidden case whole (Puzzle.Embeds: a Flood-it board padded
// with a new colour, anywhere around it, told the optimum plus one); so is
// a board beyond the server's check limits, which would hold a solver for
// the whole solve budget. Instructors are not limited.

// guardCheck refuses a student's /check board: EINVALID naming the config
// key when it is beyond CheckLimits, EHIDDENBOARD when it is a hidden case.
func (s *Service) guardCheck(ctx context.Context, viewer judge.User, pz judge.Puzzle, input string) error {
	if judge.CanCheckAnyBoard(viewer) {
		return nil
	}
	l := s.cfg.CheckLimits
	if l.MaxSize > 0 {
		if err := pz.CheckLimits(input, judge.Limits{MaxSize: l.MaxSize}); err != nil {
			return judge.Errort(judge.EINVALID, "check_max_size", "{Reason}: /check takes students' boards up to size {Max} (config key check_max_size)", "Reason", checkLimitReason(err), "Max", l.MaxSize)
		}
	}
	if l.MaxColors > 0 {
		if err := pz.CheckLimits(input, judge.Limits{MaxColors: l.MaxColors}); err != nil {
			return judge.Errort(judge.EINVALID, "check_max_colors", "{Reason}: /check takes students' boards of at most {Max} colours (config key check_max_colors)", "Reason", checkLimitReason(err), "Max", l.MaxColors)
		}
	}
	if l.MaxMoves > 0 {
		if err := pz.CheckLimits(input, judge.Limits{MaxMoves: l.MaxMoves}); err != nil {
			return judge.Errort(judge.EINVALID, "check_max_moves", "{Reason}: /check takes students' boards of at most {Max} moves (config key check_max_moves)", "Reason", checkLimitReason(err), "Max", l.MaxMoves)
		}
	}
	hidden, err := s.isHiddenCase(ctx, pz, input)
	if err != nil {
		return err
	}
	if hidden {
		return judge.Errorf(judge.EHIDDENBOARD, "this board is a hidden case of a problem (up to the puzzle's symmetries), or holds one: submit your moves to the problem instead")
	}
	return nil
}

// checkLimitMessage is the message of a CheckLimits error, which speaks of
// a problem's limits, said of the server's /check limit instead.
func checkLimitMessage(err error) string {
	return strings.Replace(judge.ErrorMessage(err), "this problem's limit", "the limit", 1)
}

// checkLimitIDs are the judge's messages of a board over a problem's
// limit (Puzzle.CheckLimits) and the same said of the server's limit.
var checkLimitIDs = map[judge.MessageID]judge.MessageID{
	"floodit_size_above_limit": "floodit_size_above_check_limit",
	"mayan_moves_above_limit":  "mayan_moves_above_check_limit",
}

// checkLimitReason is checkLimitMessage(err) as an argument of Errort: the
// judge's message of the server's limit when the error says one whose
// English is exactly that text (so that a page says it in the reader's
// language), else the text.
func checkLimitReason(err error) any {
	text := checkLimitMessage(err)
	var e *judge.Error
	if errors.As(err, &e) && e.Msg.ID != "" {
		if m := ofCheckLimit(e.Msg); m.Text() == text {
			return m
		}
	}
	return text
}

// ofCheckLimit is m with each message of a problem's limit, its own or an
// argument's, replaced by that of the server's limit (checkLimitIDs).
func ofCheckLimit(m judge.Msg) judge.Msg {
	out := judge.Msg{ID: m.ID, Args: make([]judge.MsgArg, len(m.Args))}
	if id, ok := checkLimitIDs[m.ID]; ok {
		out.ID = id
	}
	for i, a := range m.Args {
		if a.Sub != nil {
			sub := ofCheckLimit(*a.Sub)
			a.Sub = &sub
		}
		out.Args[i] = a
	}
	return out
}

// isHiddenCase reports whether input has the symmetry key of a case that is
// not a sample, in any problem of the puzzle, or holds such a case
// (Puzzle.Embeds).
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
			if !c.Sample && (s.keys.get(pz, c.Input) == key || pz.Embeds(input, c.Input)) {
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

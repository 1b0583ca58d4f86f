package judge

import "puzzlejudge/reference/floodit"

// limitedParser is implemented by the adapters whose engine can apply a
// problem's limits while it parses, so that the first error of a board is
// reported whether it breaks the format or the limits ("3\n0 1 2\n1 7 2" on
// a 6-colour problem names the colour 7, not the missing third row).
type limitedParser interface {
	parseCaseWithin(input string, l Limits) (string, error)
}

func (flooditPuzzle) parseCaseWithin(input string, l Limits) (string, error) {
	b, err := floodit.ParseCaseWithin(input, l.MaxSize, l.MaxColors)
	if err != nil {
		return "", parseError(err)
	}
	return floodit.Format(b), nil
}

// parseWithin returns the canonical text of a board given for a problem
// with limits l: parsed and checked against them in reading order where the
// puzzle can, else parsed, then checked.
func parseWithin(pz Puzzle, input string, l Limits) (string, error) {
	input, err := puzzleText("the board", input, MaxCaseBytes)
	if err != nil {
		return "", err
	}
	if lp, ok := pz.(limitedParser); ok {
		c, err := lp.parseCaseWithin(input, l)
		if err != nil {
			return "", err
		}
		return c, pz.CheckLimits(c, l)
	}
	c, err := pz.ParseCase(input)
	if err != nil {
		return "", err
	}
	return c, pz.CheckLimits(c, l)
}

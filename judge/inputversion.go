package judge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
)

// ESTALEINPUT is the code of an answer made for a case set that is no longer
// the problem's: the student must download the input again.
const ESTALEINPUT = "stale_input"

// InputVersion returns the version of a problem's case set: a short hash of
// the ordered case ids and inputs. Adding, deleting, moving or editing a
// board changes it; a new expected answer does not, since the input a
// student answers is the same.
func InputVersion(cases []Case) string {
	h := sha256.New()
	var buf []byte
	for _, c := range cases {
		buf = strconv.AppendInt(buf[:0], c.ID, 10)
		buf = append(buf, '\n')
		h.Write(buf)
		h.Write([]byte(c.Input))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// ProblemInput is a problem's current case set, as an answer binds to it.
type ProblemInput struct {
	Problem Problem
	Puzzle  Puzzle
	Cases   []Case
	Version string
	// Catalogue is the catalogue version the problem and its cases were
	// read at (CatalogueVersioner); 0 when the store keeps none. What is
	// drawn from them alone may be cached under it.
	Catalogue int64
}

// Text returns the case set as one classic judge input.
func (in ProblemInput) Text() string {
	return in.Puzzle.JudgeInput(inputsOf(in.Cases))
}

// Files returns the case set as per-case files, for input.zip.
func (in ProblemInput) Files() []CaseFile { return caseFiles(in) }

// Input returns the current case set of a problem and its version, the
// cases as v may see them (RedactCase); ENOTFOUND for a problem v may not
// see (a draft or an archived one, to a student).
func (s *Service) Input(ctx context.Context, v User, slug string) (ProblemInput, error) {
	in, err := s.input(ctx, slug)
	if err == nil && !in.Problem.VisibleTo(v) {
		return ProblemInput{}, notFound(slug)
	}
	for i := range in.Cases {
		in.Cases[i] = RedactCase(v, in.Cases[i])
	}
	return in, err
}

// input is Input with every case whole, for the judge's own use.
func (s *Service) input(ctx context.Context, slug string) (ProblemInput, error) {
	e, catalogue, err := s.cachedProblem(ctx, slug)
	if err != nil {
		return ProblemInput{}, err
	}
	pz, err := Lookup(e.p.Puzzle)
	if err != nil {
		return ProblemInput{}, err
	}
	return ProblemInput{Problem: e.p, Puzzle: pz, Cases: e.cases, Version: e.inputVersion, Catalogue: catalogue}, nil
}

// bindAnswer checks the version an answer claims to answer and records the
// case set it answers: the one it was made for, which must be the current
// one, since older case sets cannot be downloaded any more.
func bindAnswer(in ProblemInput, sub *Submission) error {
	if sub.InputVersion != "" && sub.InputVersion != in.Version {
		return Errorf(ESTALEINPUT,
			"this answer is for input version %s, but the input of %s is now version %s (its boards changed): download the input again (GET /api/v1/problems/%s/input or input.zip), run your program on it and submit that output",
			sub.InputVersion, in.Problem.Slug, in.Version, in.Problem.Slug)
	}
	if len(in.Cases) == 0 {
		return Errorf(EINVALID, "problem %s has no boards yet: there is nothing to answer", in.Problem.Slug)
	}
	sub.InputVersion = in.Version
	sub.CaseIDs = make([]int64, len(in.Cases))
	for i, c := range in.Cases {
		sub.CaseIDs[i] = c.ID
	}
	return nil
}

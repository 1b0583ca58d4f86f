package judge

import (
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
	// read at (Store.CatalogueVersion); what is drawn from them alone may
	// be cached under it, except under 0.
	Catalogue int64
}

// Text returns the case set as one classic judge input: the cases whose
// board the viewer may read (not Secret), in order.
func (in ProblemInput) Text() string {
	return in.Puzzle.JudgeInput(CaseInputs(in.Readable()))
}

// Files returns the case set as per-case files, for input.zip: the cases
// that are not Secret, under the base names of the whole set.
func (in ProblemInput) Files() []CaseFile { return caseFiles(in) }

// Readable returns the cases whose board the viewer may read.
func (in ProblemInput) Readable() []Case {
	var out []Case
	for _, c := range in.Cases {
		if !c.Secret {
			out = append(out, c)
		}
	}
	return out
}

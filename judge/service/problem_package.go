package service

import (
	"context"
	"strings"
	"unicode/utf8"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// ImportProblem creates a problem with its cases from a package, or, when
// the slug is taken, replaces that problem's fields and cases (an imported
// shipped problem is detached from the catalogue). Everything is checked
// before anything is written; the cases are then solved in the background
// and the problem's submissions judged again. created reports whether the
// problem is new.
//
// A new problem is a draft, whatever the package says, unless publish is
// true: an imported copy published at once stood beside its original under
// the same title for students. A problem imported again keeps whether it
// is published unless publish says otherwise.
func (s *Service) ImportProblem(ctx context.Context, viewer judge.User, p judge.Problem, specs []judge.CaseSpec, publish *bool) (_ judge.Problem, created bool, _ error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, false, err
	}
	p, cases, err := checkedPackage(p, specs)
	if err != nil {
		return judge.Problem{}, false, err
	}
	old, err := s.store.ProblemBySlug(ctx, p.Slug)
	switch {
	case err == nil:
		p.ID, p.CreatedAt, p.Archived, p.Draft = old.ID, old.CreatedAt, old.Archived, old.Draft
		p.CatalogueHash, p.Detached = old.CatalogueHash, old.Detached || old.Shipped()
	case judge.ErrorCode(err) == judge.ENOTFOUND:
		p.ID, p.CatalogueHash, p.Detached, p.Archived, p.Draft = 0, "", false, false, true
		created = true
	default:
		return judge.Problem{}, false, err
	}
	if publish != nil {
		p.Draft = !*publish
	}
	p, stored, err := s.store.PutProblem(ctx, p, cases)
	if err != nil {
		return judge.Problem{}, false, err
	}
	for _, c := range stored {
		s.scheduleCase(c)
	}
	if !created {
		err = s.requeue(ctx, judge.Requeue{ProblemID: p.ID}.Saying(judge.M("rejudge_package_again")))
	}
	return p, created, err
}

// checkedPackage validates a package's problem and cases, before anything
// of it is written.
func checkedPackage(p judge.Problem, specs []judge.CaseSpec) (judge.Problem, []judge.Case, error) {
	p, err := checkProblem(p)
	if err != nil {
		return judge.Problem{}, nil, err
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return judge.Problem{}, nil, err
	}
	if len(specs) > judge.MaxCases {
		return judge.Problem{}, nil, judge.Errorf(judge.EINVALID, "more than %d cases", judge.MaxCases)
	}
	cases := make([]judge.Case, len(specs))
	for i, c := range specs {
		input, err := parseSpec(pz, c.Input)
		if err == nil {
			err = pz.CheckLimits(input, p.Limits)
		}
		if err != nil {
			return judge.Problem{}, nil, judge.Errorf(judge.EINVALID, "case %s: %s", c.Name, judge.ErrorMessage(err))
		}
		if len(c.Name) > 100 {
			return judge.Problem{}, nil, judge.Errorf(judge.EINVALID, "case %d: the name has more than 100 bytes", i+1)
		}
		cases[i] = judge.Case{Name: c.Name, Sample: c.Sample, Input: input}
	}
	return p, cases, nil
}

// ExportProblem returns a problem and its cases for a package: instructors
// only, since it holds every expected answer.
func (s *Service) ExportProblem(ctx context.Context, viewer judge.User, slug string) (judge.Problem, []judge.Case, error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, nil, err
	}
	return s.problem(ctx, slug)
}

// ImportPackage is ImportProblem for a package that also holds the
// problem's own programs (submissions/ of a Kattis package): they are
// checked first, and stored in place of those the problem had.
func (s *Service) ImportPackage(ctx context.Context, viewer judge.User, p judge.Problem, specs []judge.CaseSpec, programs []judge.ProgramFile, publish *bool) (_ judge.Problem, created bool, _ error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, false, err
	}
	if err := checkPrograms(programs); err != nil {
		return judge.Problem{}, false, err
	}
	p, created, err := s.ImportProblem(ctx, viewer, p, specs, publish)
	if err != nil {
		return judge.Problem{}, false, err
	}
	return p, created, s.store.PutPrograms(ctx, p.ID, programs)
}

// ProblemPrograms returns the problem's own programs, for its package:
// instructors only, like ExportProblem.
func (s *Service) ProblemPrograms(ctx context.Context, viewer judge.User, slug string) ([]judge.ProgramFile, error) {
	p, err := s.authored(ctx, viewer, slug)
	if err != nil {
		return nil, err
	}
	return s.store.Programs(ctx, p.ID)
}

// checkPrograms refuses programs out of their bounds (judge.ProgramFile).
func checkPrograms(files []judge.ProgramFile) error {
	if len(files) > judge.MaxProgramFiles {
		return judge.Errorf(judge.EINVALID, "submissions: %d programs, more than %d", len(files), judge.MaxProgramFiles)
	}
	seen := map[string]bool{}
	for _, f := range files {
		where := "submissions/" + f.Folder + "/" + f.Name
		switch {
		case !judge.IsProgramFolder(f.Folder):
			return judge.Errorf(judge.EINVALID, "%s: the folder is not one of %s", where, strings.Join(judge.ProgramFolders, ", "))
		case f.Name == "" || len(f.Name) > 128 || strings.ContainsAny(f.Name, "/\\\x00") || f.Name == "." || f.Name == "..":
			return judge.Errorf(judge.EINVALID, "%s: a program is one file, named in at most 128 bytes", where)
		case len(f.Source) > judge.MaxProgramBytes:
			return judge.Errorf(judge.EINVALID, "%s: more than %d bytes", where, judge.MaxProgramBytes)
		case !utf8.ValidString(f.Source):
			return judge.Errorf(judge.EINVALID, "%s: the source is not UTF-8 text", where)
		case seen[where]:
			return judge.Errorf(judge.EINVALID, "%s: given twice", where)
		}
		seen[where] = true
	}
	return nil
}

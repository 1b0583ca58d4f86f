package store

import (
	"context"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// ProblemBySlug returns the problem with that slug.
func (d *DB) ProblemBySlug(ctx context.Context, slug string) (judge.Problem, error) {
	var row problemRow
	if !storable(slug) {
		return judge.Problem{}, d.fail(gorm.ErrRecordNotFound, "problem "+slug)
	}
	if err := d.db.WithContext(ctx).Where("slug = ?", slug).Take(&row).Error; err != nil {
		return judge.Problem{}, d.fail(err, "problem "+slug)
	}
	return row.domain(), nil
}

// ProblemByID returns the problem with that id.
func (d *DB) ProblemByID(ctx context.Context, id int64) (judge.Problem, error) {
	return byID[problemRow, judge.Problem](ctx, d, id, "problem")
}

// Problems returns every problem, by slug, with its number of cases.
func (d *DB) Problems(ctx context.Context) ([]judge.ProblemSummary, error) {
	var rows []problemRow
	if err := d.db.WithContext(ctx).Order("slug").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "problems")
	}
	var counts []struct {
		ProblemID int64
		N         int
	}
	if err := d.db.WithContext(ctx).Model(&caseRow{}).Select("problem_id, count(*) AS n").Group("problem_id").Scan(&counts).Error; err != nil {
		return nil, d.fail(err, "cases")
	}
	n := map[int64]int{}
	for _, c := range counts {
		n[c.ProblemID] = c.N
	}
	out := make([]judge.ProblemSummary, len(rows))
	for i, r := range rows {
		out[i] = judge.ProblemSummary{Problem: r.domain(), Cases: n[r.ID]}
	}
	return out, nil
}

// Cases returns the cases of a problem in position order.
func (d *DB) Cases(ctx context.Context, problemID int64) ([]judge.Case, error) {
	var rows []caseRow
	if err := d.db.WithContext(ctx).Where("problem_id = ?", problemID).Order("position, id").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "cases")
	}
	return casesOf(rows), nil
}

func casesOf(rows []caseRow) []judge.Case {
	return fromRows[judge.Case](rows)
}

// CaseByID returns one case.
func (d *DB) CaseByID(ctx context.Context, id int64) (judge.Case, error) {
	return byID[caseRow, judge.Case](ctx, d, id, "case")
}

// CasesByStatus returns every case with that status.
func (d *DB) CasesByStatus(ctx context.Context, status judge.CaseStatus) ([]judge.Case, error) {
	var rows []caseRow
	if err := d.db.WithContext(ctx).Where("status = ?", string(status)).Order("id").Find(&rows).Error; err != nil {
		return nil, d.fail(err, "cases")
	}
	return casesOf(rows), nil
}

// AddCase appends a case to its problem, as solving.
func (d *DB) AddCase(ctx context.Context, c judge.Case) (judge.Case, error) {
	var out judge.Case
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var last struct{ P int }
		if err := tx.Model(&caseRow{}).Select("COALESCE(MAX(position), 0) AS p").Where("problem_id = ?", c.ProblemID).Scan(&last).Error; err != nil {
			return err
		}
		row := caseRow{ProblemID: c.ProblemID, Position: last.P + 1, Name: c.Name, Sample: c.Sample, Shipped: c.Shipped, Input: c.Input, Status: string(judge.CaseSolving)}
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		out = row.domain()
		return nil
	})
	return out, d.fail(err, "case")
}

// DeleteCase removes a case; results already written keep their copy of its
// name and position.
func (d *DB) DeleteCase(ctx context.Context, id int64) error {
	res := d.db.WithContext(ctx).Delete(&caseRow{}, id)
	if res.Error != nil {
		return d.fail(res.Error, "case")
	}
	if res.RowsAffected == 0 {
		return judge.Errorf(judge.ENOTFOUND, "case not found")
	}
	return nil
}

// FinishCase records a solver outcome if the case still has that input,
// and queues rejudge (if not nil) in the same transaction.
func (d *DB) FinishCase(ctx context.Context, id int64, input string, status judge.CaseStatus, sol judge.Solution, solveErr string, rejudge *judge.Requeue) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&caseRow{}).Where("id = ? AND input = ?", id, input).Updates(map[string]any{
			"status": string(status), "answer": sol.Answer, "moves": sol.Moves, "optimal": sol.Optimal,
			"solvable": sol.Solvable, "solver_version": sol.Version, "solve_error": solveErr, "progress": "",
			"solve_claimed_at": nil,
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return judge.Errorf(judge.ENOTFOUND, "case not found or changed")
		}
		if rejudge != nil {
			return requeueFor(tx, *rejudge).Error
		}
		return nil
	})
	return d.fail(err, "case")
}

// SetCaseProgress records how far a running solve got.
func (d *DB) SetCaseProgress(ctx context.Context, id int64, progress string) error {
	return d.fail(d.db.WithContext(ctx).Model(&caseRow{}).Where("id = ?", id).Update("progress", progress).Error, "case")
}

// MarkSolving makes a case solving again. Its expected solution is kept
// (unused while solving) so that the new solve can tell whether it changed,
// and rejudge only then.
func (d *DB) MarkSolving(ctx context.Context, id int64) error {
	res := d.db.WithContext(ctx).Model(&caseRow{}).Where("id = ?", id).Updates(map[string]any{
		"status": string(judge.CaseSolving), "solve_error": "", "progress": "", "solve_claimed_at": nil,
	})
	if res.Error != nil {
		return d.fail(res.Error, "case")
	}
	if res.RowsAffected == 0 {
		return judge.Errorf(judge.ENOTFOUND, "case not found")
	}
	return nil
}

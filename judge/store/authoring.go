package store

import (
	"context"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// problemRowOf returns the row of every field an instructor may set.
func problemRowOf(p judge.Problem) problemRow {
	row := problemRow{
		ID: p.ID, Draft: p.Draft, Archived: p.Archived, Detached: p.Detached, CatalogueHash: p.CatalogueHash,
		CreatedAt: p.CreatedAt,
	}
	row.setProblem(p)
	return row
}

// CreateProblem inserts a problem; a taken slug is ECONFLICT.
func (d *DB) CreateProblem(ctx context.Context, p judge.Problem) (judge.Problem, error) {
	row := problemRowOf(p)
	row.ID = 0
	// Select("*") writes the false booleans too, whatever their defaults.
	if err := d.db.WithContext(ctx).Select("*").Omit("ID").Create(&row).Error; err != nil {
		return judge.Problem{}, fail(err, "problem "+p.Slug)
	}
	return row.domain(), nil
}

// UpdateProblem stores every field of the problem with p.ID.
func (d *DB) UpdateProblem(ctx context.Context, p judge.Problem) (judge.Problem, error) {
	var out judge.Problem
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var old problemRow
		if err := tx.Take(&old, p.ID).Error; err != nil {
			return err
		}
		row := problemRowOf(p)
		row.CreatedAt = old.CreatedAt
		if err := tx.Select("*").Save(&row).Error; err != nil {
			return err
		}
		out = row.domain()
		return nil
	})
	return out, fail(err, "problem "+p.Slug)
}

// PutProblem inserts or updates a problem and replaces its cases, in one
// transaction.
func (d *DB) PutProblem(ctx context.Context, p judge.Problem, cases []judge.Case) (judge.Problem, []judge.Case, error) {
	var (
		out    judge.Problem
		stored []judge.Case
	)
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		row := problemRowOf(p)
		if p.ID == 0 {
			if err := tx.Select("*").Omit("ID").Create(&row).Error; err != nil {
				return err
			}
		} else {
			var old problemRow
			if err := tx.Take(&old, p.ID).Error; err != nil {
				return err
			}
			row.CreatedAt = old.CreatedAt
			if err := tx.Select("*").Save(&row).Error; err != nil {
				return err
			}
		}
		rows := make([]caseRow, len(cases))
		for i, c := range cases {
			rows[i] = caseRow{ProblemID: row.ID, Position: i + 1, Name: c.Name, Sample: c.Sample, Shipped: c.Shipped,
				Input: c.Input, Status: string(judge.CaseSolving)}
		}
		if err := replaceChildren(tx, "problem_id", row.ID, rows); err != nil {
			return err
		}
		out, stored = row.domain(), casesOf(rows)
		return nil
	})
	return out, stored, fail(err, "problem "+p.Slug)
}

package conformance

import (
	"encoding/json"
	"fmt"
	"io"
)

// Record is the JSON form of one Outcome, as written by cmd/tck -json.
type Record struct {
	Feature      string  `json:"feature"`
	Title        string  `json:"title"`
	Row          int     `json:"row"`
	Status       string  `json:"status"`
	Reason       string  `json:"reason,omitempty"`
	Milliseconds float64 `json:"milliseconds"`
}

// NewRecord converts an outcome.
func NewRecord(o Outcome) Record {
	return Record{
		Feature:      o.Scenario.Feature,
		Title:        o.Scenario.Title,
		Row:          o.Scenario.Row,
		Status:       o.Status.String(),
		Reason:       o.Reason,
		Milliseconds: float64(o.Duration.Microseconds()) / 1000,
	}
}

// WriteJSON writes one JSON record per outcome, one per line.
func WriteJSON(w io.Writer, outcomes []Outcome) error {
	enc := json.NewEncoder(w)
	for _, o := range outcomes {
		if err := enc.Encode(NewRecord(o)); err != nil {
			return err
		}
	}
	return nil
}

// Counts tallies outcomes by status.
type Counts struct {
	Passed, Failed, Skipped int
}

// Count tallies outcomes.
func Count(outcomes []Outcome) Counts {
	var c Counts
	for _, o := range outcomes {
		switch o.Status {
		case Passed:
			c.Passed++
		case Failed:
			c.Failed++
		case Skipped:
			c.Skipped++
		}
	}
	return c
}

// String renders the counts as "N passed, N failed, N skipped".
func (c Counts) String() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", c.Passed, c.Failed, c.Skipped)
}

// FailureLine renders a failed outcome as one line: key and reason.
func FailureLine(o Outcome) string {
	return fmt.Sprintf("FAIL %s: %s", o.Scenario.Key(), o.Reason)
}

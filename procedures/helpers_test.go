package procedures_test

import (
	"github.com/cyqdb/cyq/internal/engine"
	"github.com/cyqdb/cyq/procedures"
)

// openDB opens an engine with the built-in procedures registered, as
// cyq.Open does.
func openDB(dir string, opts *engine.Options) (*engine.Engine, error) {
	eng, err := engine.Open(dir, opts)
	if err != nil {
		return nil, err
	}
	procedures.Register(eng)
	return eng, nil
}

package importer

import (
	"errors"
	"os"
	"testing"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func asInputError(err error, target **InputError) bool { return errors.As(err, target) }

"""Tests for exactcover.model.inputs: matrices from NumPy arrays, SciPy sparse matrices and arrays,
and pandas DataFrames, with the errors that name a row and a column."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import scipy.sparse as sparse

import exactcover
from exactcover import Matrix, MatrixError

DENSE = [[1, 0, 1, 0, 1], [0, 1, 0, 1, 0], [1, 1, 0, 0, 1], [0, 0, 1, 1, 0]]


@pytest.mark.parametrize("make", [sparse.csr_matrix, sparse.csc_matrix, sparse.coo_matrix,
                                  sparse.csr_array, sparse.coo_array, sparse.lil_matrix])
def test_every_sparse_format_reads_as_the_dense_matrix(make):
    """CSR, CSC, COO (matrices and arrays) and others with tocsr() give the dense reading."""
    matrix = Matrix.from_sparse(make(np.array(DENSE)))
    assert matrix == Matrix.from_dense(DENSE)
    assert sorted(exactcover.solutions(matrix)) == [(0, 1), (2, 3)]
    assert Matrix.from_dense(make(np.array(DENSE))) == matrix  # (from_dense hands it over)


def test_sparse_names_labels_and_secondary_columns():
    matrix = Matrix.from_sparse(sparse.csr_array(np.array(DENSE)), secondary=[4], items="abcde", labels="wxyz")
    assert matrix.primary == tuple("abcd") and matrix.secondary == ("e",)
    assert matrix.option("y").items == ("a", "b", "e")


def test_sparse_values_are_checked():
    """A stored 2 (or duplicates summing to 2) names its row and column; stored zeros are ignored."""
    twice = sparse.coo_matrix(([1, 1, 1], ([0, 1, 1], [0, 2, 2])), shape=(2, 3))
    with pytest.raises(MatrixError, match=r"row 1, column 2 holds 2; a 0/1 matrix holds only 0 and 1"):
        Matrix.from_sparse(twice)
    zeros = sparse.csr_matrix((np.array([1, 0]), np.array([0, 1]), np.array([0, 1, 2])), shape=(2, 2))
    assert Matrix.from_sparse(zeros).options[1].items == ()
    with pytest.raises(MatrixError, match="2 item names for 3 columns"):
        Matrix.from_sparse(sparse.eye(3, format="csr"), items="ab")
    with pytest.raises(MatrixError, match="from_sparse takes a SciPy sparse matrix or array, not list"):
        Matrix.from_sparse(DENSE)
    with pytest.raises(MatrixError, match="secondary column 7 is not a column index below 5"):
        Matrix.from_sparse(sparse.csr_matrix(np.array(DENSE)), secondary=[7])


def test_a_dataframe_reads_by_its_labels():
    """Columns name the items, the index labels the options; booleans are 0/1 too."""
    frame = pd.DataFrame(DENSE, columns=list("abcde"), index=["S1", "S2", "S3", "S4"])
    matrix = Matrix.from_frame(frame, secondary=["e"])
    assert matrix.primary == tuple("abcd") and matrix.secondary == ("e",)
    assert sorted(exactcover.solutions(Matrix.from_frame(frame))) == [("S1", "S2"), ("S3", "S4")]
    assert Matrix.from_frame(frame.astype(bool)) == Matrix.from_frame(frame)
    assert Matrix.from_dense(frame) == Matrix.from_frame(frame)
    spoiled = frame.copy()
    spoiled.iloc[1, 2] = 5
    with pytest.raises(MatrixError, match="option 'S2', column 'c' holds 5; a 0/1 matrix holds only 0 and 1"):
        Matrix.from_frame(spoiled)
    with pytest.raises(MatrixError, match="secondary column 'q' is not one of the columns"):
        Matrix.from_frame(frame, secondary=["q"])


def test_numpy_integers_name_items():
    """NumPy integers are items like the ints they equal."""
    matrix = Matrix(np.arange(3), {"a": [np.int64(0), np.int64(1)], "b": [2]})
    assert exactcover.solve(matrix) == ("a", "b") and matrix.position(1) == 1

"""Reference formulas the exercises compare against (float64 NumPy and the course's v1)."""

from __future__ import annotations

import numpy as np


def rms_norm_np64(x, eps: float = 1e-5) -> np.ndarray:
    """RMSNorm over the last dimension in float64: x / sqrt(mean(x^2) + eps)."""
    x = np.asarray(x, np.float64)
    return x / np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps)


def pairwise_distance_v1(X, Y):
    """Pairwise Euclidean distances by explicit broadcasting: (N, D), (M, D) -> (N, M)."""
    import jax.numpy as jnp

    diff = X[:, None, :] - Y[None, :, :]
    return jnp.sqrt(jnp.sum(diff**2, axis=-1))

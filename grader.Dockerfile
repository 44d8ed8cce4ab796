# The jaxgrade grader image: Debian trixie (python3 3.13, clang 19), the project in a venv,
# `jaxgrade` as entry point, and the Gradescope autograder layout under /autograder.
#
# Build here with scripts/build-image.sh (podman, debootstrapped base, host CA bundle as a
# build secret). Elsewhere: docker build -f grader.Dockerfile -t jaxgrade-grader .
ARG BASE_IMAGE=debian:trixie-slim
FROM ${BASE_IMAGE}

ENV DEBIAN_FRONTEND=noninteractive \
    LANG=C.UTF-8 \
    PYTHONDONTWRITEBYTECODE=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    JAXCOURSE_KERNEL_DIR=/opt/jaxgrade/src/kernels \
    PATH=/opt/jaxgrade/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# clang++ compiles student FFI kernels; util-linux gives setpriv/prlimit. Nothing else.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 python3-venv clang util-linux ca-certificates \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/archives/*.deb

# Dependencies first (a layer that survives source edits), then the project itself.
COPY pyproject.toml /opt/jaxgrade/src/pyproject.toml
RUN --mount=type=secret,id=hostca,required=false \
    set -e; \
    if [ -s /run/secrets/hostca ]; then export PIP_CERT=/run/secrets/hostca; fi; \
    python3 -m venv /opt/jaxgrade/venv; \
    /opt/jaxgrade/venv/bin/pip install --no-cache-dir \
        "jax==0.12.0.1" "jaxlib==0.12.0.1" "numpy>=2.0" "scipy>=1.13" "ipython>=8.20" "nbformat>=5.9"

COPY jaxcourse /opt/jaxgrade/src/jaxcourse
COPY autograder /opt/jaxgrade/src/autograder
COPY kernels /opt/jaxgrade/src/kernels
COPY assignments /opt/jaxgrade/src/assignments
COPY scripts/run_autograder /autograder/run_autograder
RUN --mount=type=secret,id=hostca,required=false \
    set -e; \
    if [ -s /run/secrets/hostca ]; then export PIP_CERT=/run/secrets/hostca; fi; \
    /opt/jaxgrade/venv/bin/pip install --no-cache-dir --no-deps /opt/jaxgrade/src; \
    find /opt/jaxgrade -name '__pycache__' -prune -exec rm -rf {} +; \
    useradd --system --uid 900 --user-group --home-dir /home/grader --create-home grader; \
    mkdir -p /autograder/submission /autograder/results /autograder/source; \
    ln -s /opt/jaxgrade/src/assignments /autograder/source/assignments; \
    chmod 0755 /autograder/run_autograder; \
    /opt/jaxgrade/venv/bin/python -c "import jax, jaxcourse, autograder.cli"

WORKDIR /home/grader
ENTRYPOINT ["jaxgrade"]
CMD ["--help"]

# Fawn in a container: `docker build -t fawn .` then see compose.yaml (with PostgreSQL) or docs/operating.md.
# Python 3.11 (the version CI runs), slim Debian; installed the way CI installs it (Makefile): every
# dependency pinned by requirements.lock, then the project itself without dependencies.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /opt/fawn/src
COPY requirements.lock pyproject.toml README.md ./
RUN python -m venv /opt/fawn \
    && /opt/fawn/bin/python -m pip install --upgrade pip \
    && /opt/fawn/bin/python -m pip install -r requirements.lock
COPY bot ./bot
COPY domain ./domain
COPY storage ./storage
COPY docs ./docs
RUN /opt/fawn/bin/python -m pip install --no-deps . \
    && /opt/fawn/bin/fawn --version

# a user of its own; the data (SQLite database, photos, charts, exports, WeChat's login) in one volume
RUN useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin fawn \
    && mkdir -p /data && chown fawn:fawn /data && chmod 0700 /data
USER fawn
ENV PATH=/opt/fawn/bin:$PATH \
    FAWN_DATA_DIR=/data \
    FAWN_WEB__HOST=0.0.0.0 \
    FAWN_WEB__PORT=8080
VOLUME ["/data"]
WORKDIR /data
EXPOSE 8080

# `fawn run` serves /healthz whenever it runs (polling only too)
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["fawn", "health"]

# settings come from the environment (FAWN_*), or mount a config.toml and add `--config /etc/fawn/config.toml`
ENTRYPOINT ["fawn"]
CMD ["run"]

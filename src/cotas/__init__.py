"""cotas: a reserva de vagas para negros em concursos públicos, executável e auditável."""

__version__ = "0.1.0"

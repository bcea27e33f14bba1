"""Vagas sem candidato: uma ocorrência por faixa de vagas seguidas, não uma por vaga.

Um cargo de 100.000 vagas com 62 aprovados tinha 99.938 ocorrências iguais, cada uma com a sua
razão, e cada documento uma linha por ocorrência (issue 15: minutos e gigabytes)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from cotas.motor.candidatos import Candidato, CorRaca, Heteroidentificacao
from cotas.motor.certame import Certame, Ocorrencia
from cotas.motor.eventos import Evento, TipoEvento
from cotas.motor.legislacao import catalogo_padrao
from cotas.motor.regras import ParametrosPcd, regras_aplicaveis

EDITAL = date(2025, 6, 10)
DIA = date(2025, 8, 1)
NEGRO = {
    "cor_raca": CorRaca.PARDA,
    "reservas": frozenset({"negros"}),
    "verificacoes": (("negros", Heteroidentificacao.CONFIRMADO),),
}


def _certame(vagas: int, aprovados: int, negros: int = 0) -> Certame:
    regras = regras_aplicaveis(
        catalogo_padrao(),
        municipio="Montenegro/RS",
        data_edital=EDITAL,
        pcd=ParametrosPcd(),
    )
    candidatos = [
        Candidato(f"A{i:03}", f"A{i:03}", "C", Decimal(1000 - i)) for i in range(aprovados - negros)
    ]
    candidatos += [
        Candidato(f"N{i:03}", f"N{i:03}", "C", Decimal(500 - i), **NEGRO)  # type: ignore[arg-type]
        for i in range(negros)
    ]
    return Certame(regras, {"C": vagas}, candidatos)


def _sem_candidato(certame: Certame) -> list[Ocorrencia]:
    return [o for o in certame.ocorrencias("C") if o.tipo == "vaga_sem_candidato"]


@pytest.mark.lento
def test_cem_mil_vagas_e_62_aprovados_dao_uma_ocorrencia_so() -> None:
    certame = _certame(100_000, 62, negros=10).apurar()
    assert len(certame.nomeacoes("C")) == 62
    (faixa,) = _sem_candidato(certame)
    assert (faixa.vaga, faixa.vaga_final, faixa.quantidade) == (63, 100_000, 99_938)
    assert faixa.razao.texto.startswith("Vagas 63 a 100.000 sem candidato (99.938 vagas")
    assert "não há candidato aprovado disponível em nenhuma lista" in faixa.razao.texto
    # A faixa tem vagas reservadas: cita a reversão de cada grupo (uma vez, não uma por vaga).
    reservadas = {"negros": 19_988, "pcd": 4_996}
    for grupo in ("negros", "pcd"):
        regra = certame.regras.grupo(grupo)
        assert regra is not None
        n = sum(1 for v in certame.vagas("C")[62:] if v.reservada_para == grupo)
        assert n == reservadas[grupo]
        assert f"{n:,}".replace(",", ".") + f" reservadas a {regra.rotulo}" in faixa.razao.texto
        for ref in regra.ref("reversao"):
            assert faixa.razao.fundamentos.count(ref) == 1
    valores = dict(faixa.razao.valores)
    assert (valores["vaga_inicial"], valores["vaga_final"]) == ("63", "100000")
    # Cada vaga da faixa continua vaga no livro.
    ocupantes = certame.ocupantes("C")
    assert ocupantes[63] is None and ocupantes[100_000] is None


def test_vazias_em_dois_lotes_e_depois_de_uma_desistencia() -> None:
    """5 vagas e 3 aprovados: as vagas 4 e 5 numa faixa; 4 novas vagas (6 a 9), sem ninguém,
    noutra; a desistência de quem ocupa a vaga 2, sem substituto, deixa a vaga 2 só."""
    novas = Evento(DIA, TipoEvento.NOVAS_VAGAS, cargo="C", quantidade=4, justificativa="lei")
    saida = Evento(date(2025, 9, 1), TipoEvento.DESISTENCIA, inscricao="A001")
    certame = _certame(5, 3).apurar([novas, saida])
    faixas = _sem_candidato(certame)
    assert [(o.vaga, o.vaga_final, o.data) for o in faixas] == [
        (4, 5, EDITAL),
        (6, 9, DIA),
        (2, 2, date(2025, 9, 1)),
    ]
    assert faixas[0].razao.texto.startswith("Vagas 4 a 5 sem candidato (2 vagas)")
    assert faixas[1].razao.texto.startswith("Vagas 6 a 9 sem candidato (4 vagas")
    assert faixas[2].razao.texto.startswith("Vaga 2 sem candidato")
    assert faixas[2].quantidade == 1


def test_as_outras_ocorrencias_nao_tem_faixa() -> None:
    saida = Evento(DIA, TipoEvento.DESISTENCIA, inscricao="A001")
    certame = _certame(2, 3).apurar([saida])
    (desistencia,) = certame.ocorrencias("C")
    assert desistencia.tipo == "desistencia"
    assert desistencia.vaga_final is None and desistencia.quantidade == 1

"""As regras do edital no livro do certame: a reserva conjunta que dá menos do que a lei, o
sorteio reproduzido da semente (com a ata), e o livro guardado e retomado, ou um cargo
reapurado, com uma lista conjunta e uma vaga sorteada."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from cotas.apuracao import Apuracao, apurar_cenario, ler_cenario_para_apurar
from cotas.motor.certame import Certame, Evento, TipoEvento
from cotas.motor.erros import ReservaAbaixoDaLei
from cotas.motor.estado import guardar, retomar
from cotas.motor.ordem import ordem_de_nomeacao
from cotas.motor.sorteio import ata_do_sorteio, sortear

TESTES = Path(__file__).resolve().parents[2] / "exemplos" / "editais" / "testes"


def _apurar(nome: str) -> Apuracao:
    return apurar_cenario(ler_cenario_para_apurar(TESTES / f"{nome}.toml"))


def test_a_conjunta_que_da_menos_que_a_soma_da_lei_e_recusada() -> None:
    regras = _apurar("lista-conjunta-de-30-por-cento-sem-divisao").regras
    assert [v.numero for v in ordem_de_nomeacao(regras, [20]) if v.reservada_para == "ppiq"] == [
        2, 5, 9, 12, 15, 19,
    ]  # fmt: skip
    # 50 vagas: 30% × 50 = 15; a lei, grupo a grupo: 12,5 → 13, 1,5 → 2 e 1: 16
    with pytest.raises(ReservaAbaixoDaLei) as erro:
        ordem_de_nomeacao(regras, [50])
    mensagem = str(erro.value)
    assert mensagem.startswith("Edital nº 94/2026, item 4.1 (a reserva conjunta) dá a pessoas")
    assert "15 vagas das 50 oferecidas; a lei manda reservar 16 vagas" in mensagem
    assert "pessoas indígenas: 3% × 50 = 1,5 → 2" in mensagem and "ao todo, 16" in mensagem
    assert "Lei 15.142/2025" in mensagem


def test_o_sorteio_e_o_mesmo_da_mesma_semente_e_se_refaz_sem_o_programa() -> None:
    regras = _apurar("sorteio-entre-cargos-reproduzido-da-semente").regras
    assert regras.do_edital is not None
    (sorteio,) = regras.do_edital.sorteios
    primeiro, segundo = sortear(sorteio), sortear(sorteio)
    assert primeiro == segundo
    # Refeito à mão, pelo método da ata: o resto do SHA-256 pelos cargos que restam.
    restantes = list(sorteio.cargos)
    for extracao in primeiro.extracoes:
        resumo = hashlib.sha256(f"{sorteio.semente}|{extracao.numero}".encode()).digest()
        assert extracao.cargo == restantes.pop(int.from_bytes(resumo, "big") % len(restantes))
    assert primeiro.lista_do_cargo() == {"BIB": "pretos_pardos", "TRA": "indigenas"}
    outra = sortear(replace(sorteio, semente="outra semente"))
    assert outra.lista_do_cargo() == {"ARQ": "pretos_pardos", "BIB": "indigenas"}
    ata = ata_do_sorteio(regras, primeiro)
    assert 'Semente registrada: "Edital 96/2026, sorteio público de 20/02/2026".' in ata
    assert "resto por 4 = 1; cargo sorteado: BIB." in ata
    assert "Fundamento: Edital nº 96/2026, item 3.5;" in ata and "Lei 15.142/2025" in ata
    assert "Sem vaga sorteada: ARQ, MUS." in ata


def _desistencia(inscricao: str) -> Evento:
    return Evento(date(2026, 4, 1), TipoEvento.DESISTENCIA, inscricao=inscricao)


@pytest.mark.parametrize(
    ("nome", "cargo", "desiste"),
    [
        ("lista-conjunta-de-30-por-cento-sem-divisao", "ANALISTA", "301"),
        ("lista-conjunta-de-30-por-cento-com-divisao", "ANALISTA", "101"),
        ("sorteio-entre-cargos-reproduzido-da-semente", "BIB", "BIB2"),
    ],
)
def test_guardado_retomado_e_reapurado_dao_o_livro_reencenado(
    nome: str, cargo: str, desiste: str
) -> None:
    ap = _apurar(nome)
    eventos = [_desistencia(desiste)]

    def novo() -> Certame:
        return Certame(ap.regras, ap.certame.cargos, ap.certame.candidatos)

    reencenado = novo().apurar(eventos)
    livro = novo().apurar()
    guardado = guardar(livro)
    retomado = retomar(
        guardado.livro, guardado.cargos.__getitem__, ap.regras, livro.cargos, livro.candidatos
    )
    retomado.aplicar(eventos[0])
    reapurado = novo().apurar()
    reapurado.reapurar(cargo, eventos)
    esperadas = reencenado.nomeacoes(cargo)
    assert esperadas[-1].substitui == desiste  # (a vaga recomposta pela lista dela)
    assert retomado.nomeacoes(cargo) == esperadas
    assert reapurado.nomeacoes(cargo) == esperadas
    assert retomado.reserva(cargo) == reencenado.reserva(cargo)

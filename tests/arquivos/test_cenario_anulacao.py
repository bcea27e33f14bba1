"""Os eventos que tiram um candidato do certame: a anulação por declaração falsa (só da
autodeclaração de quem optou pela reserva, com o registro do procedimento) e a eliminação por
outra causa (com o fundamento que o operador informa)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from cotas.arquivos.cenario import ler_cenario
from cotas.motor.certame import ProcedimentoAdministrativo, TipoEvento
from tests.arquivos.test_cenario import erros_de, montar, validar_esquema

PROCEDIMENTO = """
notificacao = 2025-07-01
defesa = 2025-07-10
decisao = 2025-07-20
autoridade = "Prefeito Municipal"
"""


def anulacao(inscricao: str, procedimento: str = PROCEDIMENTO) -> str:
    return (
        f'\n[[eventos]]\ndata = 2025-07-20\ntipo = "anulacao"\ninscricao = "{inscricao}"\n'
        f'justificativa = "Processo 1/2025"\n{procedimento}'
    )


def test_anulacao_com_procedimento_e_lida(tmp_path: Path) -> None:
    caminho = montar(tmp_path, anulacao("1"))
    [evento] = ler_cenario(caminho).eventos
    assert evento.procedimento == ProcedimentoAdministrativo(
        date(2025, 7, 1), date(2025, 7, 10), date(2025, 7, 20), "Prefeito Municipal"
    )
    validar_esquema(caminho)
    sem_defesa = PROCEDIMENTO.replace("defesa = 2025-07-10", 'defesa = "nao_apresentada"')
    caminho = montar(tmp_path, anulacao("1", sem_defesa))
    [evento] = ler_cenario(caminho).eventos
    assert evento.procedimento is not None and evento.procedimento.defesa is None
    validar_esquema(caminho)


def test_anulacao_sem_procedimento_e_erro_com_a_linha(tmp_path: Path) -> None:
    [erro] = erros_de(montar(tmp_path, anulacao("1", ""))).erros
    assert (erro.chave, erro.linha) == ("eventos[1]", 18)
    assert "contraditório e ampla defesa" in erro.mensagem
    assert "notificacao, defesa, decisao, autoridade" in erro.mensagem


def test_anulacao_de_quem_nao_optou_pela_reserva_e_erro(tmp_path: Path) -> None:
    [erro] = erros_de(montar(tmp_path, anulacao("2"))).erros
    assert erro.chave == "eventos[1].inscricao"
    assert "não optou pela reserva" in erro.mensagem and "eliminacao" in erro.mensagem


def test_procedimento_fora_de_ordem_e_erro(tmp_path: Path) -> None:
    fora = PROCEDIMENTO.replace("defesa = 2025-07-10", "defesa = 2025-06-20")
    [erro] = erros_de(montar(tmp_path, anulacao("1", fora))).erros
    assert erro.chave == "eventos[1]" and "a defesa (20/06/2025)" in erro.mensagem


def test_eliminacao_exige_fundamento_e_nao_tem_procedimento(tmp_path: Path) -> None:
    evento = '\n[[eventos]]\ndata = 2025-07-20\ntipo = "eliminacao"\ninscricao = "2"\n'
    erros = erros_de(montar(tmp_path, evento)).erros
    assert {e.chave for e in erros} == {"eventos[1].fundamento", "eventos[1].justificativa"}
    caminho = montar(
        tmp_path,
        evento + 'fundamento = "Edital, item 14.2"\njustificativa = "Não tomou posse"\n',
    )
    [lido] = ler_cenario(caminho).eventos
    assert lido.tipo is TipoEvento.ELIMINACAO and lido.fundamento == "Edital, item 14.2"
    validar_esquema(caminho)
    [erro] = erros_de(
        montar(tmp_path, evento + 'fundamento = "x"\njustificativa = "y"\n' + PROCEDIMENTO)
    ).erros[:1]
    assert "só a anulacao tem procedimento" in erro.mensagem

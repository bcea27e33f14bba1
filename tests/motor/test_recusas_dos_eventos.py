"""A recusa do próprio motor aos eventos que a leitura do cenário já recusa antes dele.

Nos cenários legais destes casos, o `cotas testar` confere a recusa da leitura (o que o usuário
vê). A web entrega os eventos ao motor sem essa leitura: aqui, os mesmos cenários com os eventos
dados direto ao motor, e o erro e as palavras que o motor tem de dizer.
"""

from __future__ import annotations

import pytest

from cotas.motor.erros import ErroCotas, EventoInvalido
from tests.motor.cenarios_legais import PASTA, eventos, montar_certame

RECUSAS: dict[str, tuple[type[ErroCotas], tuple[str, ...]]] = {
    "anulacao_com_decisao_antes_da_notificacao_e_recusada": (
        EventoInvalido,
        (
            "procedimento administrativo inválido",
            "decisão (10/05/2023) é anterior à notificação (20/05/2023)",
        ),
    ),
    "anulacao_de_quem_nao_se_autodeclarou_e_recusada": (
        EventoInvalido,
        ("B1", "não optou pela reserva", "arts. 12 e 13", "eliminação"),
    ),
    "anulacao_sem_procedimento_e_recusada": (
        EventoInvalido,
        ("N1", "sem o registro do procedimento", "contraditório e ampla defesa", "notificação"),
    ),
    "eliminacao_sem_fundamento_e_recusada": (
        EventoInvalido,
        ("Eliminação de B2", "fundamento legal"),
    ),
    "final_de_fila_sem_previsao_no_edital_e_recusado": (EventoInvalido, ("não admite", "B1")),
}


@pytest.mark.parametrize("nome", sorted(RECUSAS))
def test_o_motor_recusa_o_evento(nome: str) -> None:
    tipo, trechos = RECUSAS[nome]
    caminho = PASTA / f"{nome}.toml"
    certame = montar_certame(caminho)
    with pytest.raises(tipo) as info:
        certame.apurar(eventos(caminho))
    for trecho in trechos:
        assert trecho in str(info.value), str(info.value)

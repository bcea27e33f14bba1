"""Erros do motor: sempre tipados, sempre com mensagem em português.

Fora do direito modelado o motor falha alto (nunca um zero silencioso).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cotas.motor.eventos import Evento


class ErroCotas(Exception):
    """Base de todos os erros do motor; `str(erro)` é a mensagem para o usuário.

    `evento`: numa reencenação (`Certame.apurar`), o evento que a lei recusou (None se o erro
    não é de um evento): quem leu os eventos de um arquivo aponta a linha dele."""

    evento: Evento | None = None


class LeiInvalida(ErroCotas):
    """Lei malformada: parâmetro sem referência, chave duplicada, períodos sobrepostos."""


class ReservaAbaixoDaLei(LeiInvalida):
    """Uma regra do edital (a tabela de posições, uma a cada N vagas, a reserva conjunta) dá a
    um grupo menos vagas do que a conta da lei no total oferecido, ou a tabela não cobre a vaga
    oferecida (`cotas.motor.regras_do_edital`)."""


class NenhumaLeiAplicavel(ErroCotas):
    """Edital publicado antes de qualquer lei modelada para o município (ou município sem lei)."""


class SelecaoNaoAbrangida(ErroCotas):
    """Tipo de seleção que a lei não abrange (parâmetro `abrangencia` da lei)."""


class ParametrosDesconhecidos(ErroCotas):
    """A lei aplicável não define parâmetros que o operador precisa informar."""

    def __init__(self, lei: str, nomes: list[str]) -> None:
        self.lei = lei
        self.nomes = nomes
        super().__init__(
            f"A lei {lei} não define os parâmetros {', '.join(nomes)}; "
            "informe-os (com a justificativa) para apurar este certame."
        )


class EmpateNaoResolvido(ErroCotas):
    """Empate que nenhum critério legal ou do edital resolve."""

    def __init__(self, cargo: str, grupos: list[list[str]], criterio_legal: str) -> None:
        """`criterio_legal`: a citação do desempate legal (o da idade), que vem dos dados."""
        self.cargo = cargo
        self.grupos = grupos
        self.criterio_legal = criterio_legal
        # A mensagem nomeia os primeiros de cada grupo e os primeiros grupos, e conta o resto
        # (um arquivo de milhares de empatados não vira uma mensagem de milhares); os grupos
        # inteiros ficam em `grupos`, para quem aponta as linhas.
        descricao = "; ".join(_primeiros([", ".join(_primeiros(g, 20)) for g in grupos], 10))
        super().__init__(
            f"Empate não resolvido no cargo {cargo} entre as inscrições {descricao}: nenhum "
            f"critério de desempate ({criterio_legal}, e os critérios do edital) os distingue."
        )


def _primeiros(itens: list[str], n: int) -> list[str]:
    return itens if len(itens) <= n else [*itens[:n], f"e mais {len(itens) - n}"]


class ClassificacaoIncompleta(ErroCotas):
    """A classificação da banca veio só para alguns aprovados do cargo."""

    def __init__(self, cargo: str) -> None:
        super().__init__(
            f"No cargo {cargo}, a coluna classificacao está preenchida só para alguns "
            "candidatos; preencha-a para todos os aprovados ou para nenhum."
        )


class EventoInvalido(ErroCotas):
    """Evento inaplicável ao certame (inscrição inexistente, cargo desconhecido...)."""


class NomeacaoAposValidade(EventoInvalido):
    """Nomeação ou oferta de vagas depois do prazo de validade do concurso."""


class ComissaoInvalida(ErroCotas):
    """Comissão ou verificação que a lei do certame não admite (composição, votos, filmagem,
    recurso): a mensagem cita o artigo (`cotas.motor.comissao`)."""


class HeteroidentificacaoPendente(ErroCotas):
    """Há candidatos autodeclarados aguardando o parecer da comissão (o momento da verificação:
    `heteroidentificacao.momento`)."""
